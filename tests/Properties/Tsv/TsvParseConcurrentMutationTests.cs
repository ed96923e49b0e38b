using System.Runtime.CompilerServices;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// A second thread rewrites the bytes of a line (digits, points, signs, exponents, letters, spaces and tabs, so
/// fields change shape and columns move) while the reader splits it and TsvRow's getters parse it, vector steps and
/// windowed reads included. Values may be anything some interleaving allows and a getter may refuse, but nothing may
/// crash or read outside the line: the line ends flush against a no-access page (then starts flush against one), so
/// a load one byte past the bytes the reader was given kills the test process. Also the windowed reads alone, at
/// every start and length of a window another thread is changing.
/// </summary>
public unsafe partial class TsvParseConcurrentMutationTests
{
    private const int Rounds = 3000;
    private const int WindowedRounds = 20;

    // Everything a number, a date or a Guid is made of, and a tab; never the line's '\n', which keeps its place.
    private static readonly ushort[] Flips = ['0', '1', '5', '9', '.', '-', '+', 'e', 'E', 'a', 'x', ':', 'T', ' ', '\t'];

    private static readonly byte[] Line = Encoding.ASCII.GetBytes(
        "12.5\t-3\t0.000123\t18446744073709551615\t-1234567.125\t7\ttrue\t2026-01-02T03:04:05Z\t1.5e3\t" +
        "0.6393648086299024\t00000000-0000-0000-0000-000000000000\t10:00:00\t-0\t255\n");

    private static readonly int[] EveryColumn = Enumerable.Range(0, 14).ToArray();

    [GuardedFact]
    public void Getters_stay_inside_a_line_another_thread_is_changing()
    {
        // The line's '\n' keeps its place: the reader always finds this one line.
        WithLineBeingRewritten(Line.Length - 1, buffer =>
        {
            for (int round = 0; round < Rounds; round++)
            {
                using var reader = new TsvReader(EveryColumn);
                ReadOnlySpan<byte> input = buffer;
                try
                {
                    if (reader.TryReadRow(ref input, isFinalBlock: true, out TsvRow row))
                    {
                        for (int column = 0; column < row.ColumnCount; column++)
                        {
                            ReadEveryType(row, column);
                        }
                    }
                }
                catch (TsvFormatException)
                {
                    // Allowed: a tab rewritten away leaves the line without a selected column.
                }
            }
        });
    }

    [GuardedFact]
    public void Windowed_reads_stay_inside_a_window_another_thread_is_changing()
    {
        WithLineBeingRewritten(Line.Length, buffer =>
        {
            for (int round = 0; round < WindowedRounds; round++)
            {
                for (int start = 0; start < buffer.Length; start++)
                {
                    for (int length = 1; length <= 22 && start + length <= buffer.Length; length++)
                    {
                        _ = TsvNumberText.TryParseWindowed(buffer, start, length, out int _);
                        _ = TsvNumberText.TryParseWindowed(buffer, start, length, out long _);
                        _ = TsvNumberText.TryParseWindowed(buffer, start, length, out short _);
                        _ = TsvNumberText.TryParseWindowed(buffer, start, length, out sbyte _);
                        _ = TsvNumberText.TryParseWindowed(buffer, start, length, out ulong _);
                        _ = TsvNumberText.TryParseWindowed(buffer, start, length, out uint _);
                        _ = TsvNumberText.TryParseWindowed(buffer, start, length, out ushort _);
                        _ = TsvNumberText.TryParseWindowed(buffer, start, length, out byte _);
                    }
                }
            }
        });
    }

    private delegate void LineReader(Span<byte> line);

    // A copy of Line flush against a no-access page after it, then before it, its first rewrittenLength bytes
    // rewritten by another thread while read runs.
    private static void WithLineBeingRewritten(int rewrittenLength, LineReader read)
    {
        foreach (bool guardBefore in new[] { false, true })
        {
            using var guarded = new GuardedBuffer(4096, guardBefore);
            Span<byte> buffer = guardBefore ? guarded.StartBytes(Line.Length) : guarded.Bytes(Line.Length);
            Line.CopyTo(buffer);
            using var flipper = new BufferFlipper((byte*)Unsafe.AsPointer(ref buffer[0]), rewrittenLength, sizeof(byte), Flips);
            read(buffer);
        }
    }

    private static void ReadEveryType(TsvRow row, int column)
    {
        _ = row.TryGetInt32(column, out _);
        _ = row.TryGetInt64(column, out _);
        _ = row.TryGetInt16(column, out _);
        _ = row.TryGetSByte(column, out _);
        _ = row.TryGetByte(column, out _);
        _ = row.TryGetUInt16(column, out _);
        _ = row.TryGetUInt32(column, out _);
        _ = row.TryGetUInt64(column, out _);
        _ = row.TryGetDouble(column, out _);
        _ = row.TryGetSingle(column, out _);
        _ = row.TryGetDecimal(column, out _);
        _ = row.TryGetBoolean(column, out _);
        _ = row.TryGetGuid(column, out _);
        _ = row.TryGetTimeSpan(column, out _);
        _ = row.TryGetDateTime(column, out _);
        _ = row.TryGetDateTimeOffset(column, out _);
        ReadEveryTypeOfThisBuild(row, column);
    }

    // Parse<T>, ParseChars<T>, DateOnly and TimeOnly: net8.0 only (TsvParseConcurrentMutationTests.Net8.cs).
    static partial void ReadEveryTypeOfThisBuild(TsvRow row, int column);
}
