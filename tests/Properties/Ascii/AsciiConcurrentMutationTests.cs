using System.Buffers;
using System.Runtime.CompilerServices;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Ascii;

/// <summary>
/// A second thread flips elements of the caller's buffer between ASCII letters and non-ASCII values while the
/// ASCII operations read and write it. Results may be anything the contract allows for some interleaving, but
/// never a crash, a count outside the span, or an access outside it: every buffer ends flush against a guard page,
/// so a read or write one element past the span kills the test process.
/// </summary>
public unsafe class AsciiConcurrentMutationTests
{
    private static readonly int[] Lengths = [1, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 1000];
    private const int RoundsPerLength = 300;

    // ASCII letters of both cases, a space and a non-ASCII value (0xE9 / U+00E9).
    private static readonly ushort[] Flips = ['a', 'Z', ' ', 0xE9];

    [GuardedFact]
    public void Char_operations_stay_inside_a_buffer_another_thread_is_changing()
    {
        using var guarded = new GuardedBuffer(4096);
        using var output = new GuardedBuffer(4096);
        using var bytesOut = new GuardedBuffer(4096);
        foreach (int length in Lengths)
        {
            Span<char> chars = guarded.Chars(length);
            chars.Fill('Q');
            using var flipper = new BufferFlipper((byte*)Unsafe.AsPointer(ref chars[0]), length, sizeof(char), Flips);
            for (int round = 0; round < RoundsPerLength; round++)
            {
                chars = guarded.Chars(length);
                Span<char> charsOut = output.Chars(length);
                Span<byte> bytes = bytesOut.Bytes(length);

                CheckCount(AsciiText.ToLowerInPlace(chars, out int written), written, length);
                CheckCount(AsciiText.ToUpperInPlace(chars, out written), written, length);
                CheckCount(AsciiText.ToLower(chars, charsOut, out written), written, length);
                CheckCount(AsciiText.ToUpper(chars, bytes, out written), written, length);
                CheckCount(AsciiText.FromUtf16(chars, bytes, out written), written, length);
                Assert.InRange(AsciiText.IndexOfNonAscii(chars), -1, length - 1);
                _ = AsciiText.IsValid(chars);
                _ = AsciiText.Equals(chars, charsOut);
                _ = AsciiText.EqualsIgnoreCase(chars, bytes);
                CheckRange(AsciiText.Trim(chars), length);
                foreach (AsciiPath path in AsciiPaths.All)
                {
                    ref char start = ref chars[0];
                    Assert.InRange((ulong)path.ChangeCaseChar(ref start, ref start, (nuint)length, round % 2 == 0), 0UL, (ulong)length);
                }

                int byteCount = AsciiText.GetUtf8ByteCount(chars);
                Assert.InRange(byteCount, length, 3 * length);
                if (AsciiText.TryEncodeUtf8(chars, bytesOut.Bytes(Math.Min(4096, byteCount)), out written))
                {
                    Assert.InRange(written, 0, Math.Min(4096, byteCount));
                }

                try
                {
                    var writer = new TestBufferWriter<byte> { ForcedSpanLength = null };
                    Assert.InRange(AsciiText.EncodeUtf8(chars, writer), 0, 3 * length);
                }
                catch (InvalidOperationException)
                {
                    // Allowed: the text grew between counting and encoding.
                }
            }
        }
    }

    [GuardedFact]
    public void Byte_operations_stay_inside_a_buffer_another_thread_is_changing()
    {
        using var guarded = new GuardedBuffer(4096);
        using var output = new GuardedBuffer(4096);
        using var charsOut = new GuardedBuffer(8192);
        foreach (int length in Lengths)
        {
            Span<byte> bytes = guarded.Bytes(length);
            bytes.Fill((byte)'q');
            using var flipper = new BufferFlipper((byte*)Unsafe.AsPointer(ref bytes[0]), length, sizeof(byte), Flips);
            for (int round = 0; round < RoundsPerLength; round++)
            {
                bytes = guarded.Bytes(length);
                Span<byte> bytesOut = output.Bytes(length);
                Span<char> chars = charsOut.Chars(length);

                CheckCount(AsciiText.ToLowerInPlace(bytes, out int written), written, length);
                CheckCount(AsciiText.ToUpperInPlace(bytes, out written), written, length);
                CheckCount(AsciiText.ToLower(bytes, bytesOut, out written), written, length);
                CheckCount(AsciiText.ToUpper(bytes, chars, out written), written, length);
                CheckCount(AsciiText.ToUtf16(bytes, chars, out written), written, length);
                Assert.InRange(AsciiText.IndexOfNonAscii(bytes), -1, length - 1);
                _ = AsciiText.IsValid(bytes);
                _ = AsciiText.Equals(bytes, bytesOut);
                _ = AsciiText.EqualsIgnoreCase(bytes, chars);
                CheckRange(AsciiText.TrimEnd(bytes), length);
                foreach (AsciiPath path in AsciiPaths.All)
                {
                    ref byte start = ref bytes[0];
                    Assert.InRange((ulong)path.ChangeCaseByte(ref start, ref start, (nuint)length, round % 2 == 0), 0UL, (ulong)length);
                }
            }
        }
    }

    private static void CheckCount(OperationStatus status, int written, int length)
    {
        Assert.InRange(written, 0, length);
        switch (status)
        {
            case OperationStatus.Done:
                Assert.Equal(length, written);
                break;
            case OperationStatus.InvalidData:
                Assert.True(written < length);
                break;
            default:
                Assert.Fail($"unexpected status {status}");
                break;
        }
    }

    private static void CheckRange(Range range, int length)
    {
        (int offset, int count) = range.GetOffsetAndLength(length);
        Assert.InRange(offset, 0, length);
        Assert.InRange(count, 0, length - offset);
    }
}
