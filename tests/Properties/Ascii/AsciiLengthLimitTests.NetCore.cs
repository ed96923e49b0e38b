using System.Buffers;
using System.Runtime;
using Xunit;

namespace FastText.Tests.Ascii;

/// <summary>The issue's own input, end to end: an ASCII prefix and then enough U+0800 chars to pass int.MaxValue bytes.</summary>
public class AsciiHugeInputTests
{
    // "ab" and 715,827,882 chars of 3 bytes: 2,147,483,648 bytes, one more than int.MaxValue. An int sum of the
    // prefix and the rest wrapped to int.MinValue here. 1.4 GB of chars, so the test runs only where memory allows.
    private const int ThreeByteChars = 715_827_882;

    private static bool EnoughMemory => GCSettings.IsServerGC || GC.GetGCMemoryInfo().TotalAvailableMemoryBytes >= 8L << 30;

    [Fact]
    public void Utf8_count_of_more_than_int_MaxValue_bytes_throws_like_Encoding_UTF8()
    {
        if (!EnoughMemory)
        {
            return; // Too little memory for the 1.4 GB input; the arithmetic is covered by AsciiLengthLimitTests.
        }

        char[] text = new char[2 + ThreeByteChars];
        text[0] = 'a';
        text[1] = 'b';
        text.AsSpan(2).Fill('\u0800');
        try
        {
            var expected = Assert.Throws<ArgumentException>(() => Encoding.UTF8.GetByteCount(text));
            var actual = Assert.Throws<ArgumentException>(() => AsciiText.GetUtf8ByteCount(text));
            Assert.Equal(expected.GetType(), actual.GetType());
            Assert.Equal(expected.ParamName, actual.ParamName);

            var writer = new RefusingBufferWriter();
            Assert.Throws<ArgumentException>(() => AsciiText.EncodeUtf8(text, writer));
            Assert.Equal(0, writer.Requests);
        }
        finally
        {
            text = null!;
            GC.Collect();
        }
    }

    /// <summary>Fails the test if asked for anything: the count must be refused before the writer is involved.</summary>
    private sealed class RefusingBufferWriter : IBufferWriter<byte>
    {
        public int Requests { get; private set; }

        public void Advance(int count) => throw new InvalidOperationException("Advance must not be called.");

        public Memory<byte> GetMemory(int sizeHint = 0) => throw new InvalidOperationException("GetMemory must not be called.");

        public Span<byte> GetSpan(int sizeHint = 0)
        {
            Requests++;
            throw new InvalidOperationException($"GetSpan({sizeHint}) must not be called.");
        }
    }
}
