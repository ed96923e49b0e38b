using System.Buffers.Text;
using System.Globalization;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// TsvNumberText's windowed integer read (the fast path of TsvRow's integer getters and Parse&lt;T&gt;, which may
/// load the bytes around a column) against a naive reading: the field, and only the field, is an optional '-' (signed
/// types) and 1 to 20 digits, the window holds at least 16 bytes, and the runtime's invariant parse of the field's
/// text gives a value in the type's range; then the read gives that value, and otherwise it declines. Every integer
/// type; fields of 0 to 22 digits (a point anywhere in some) with any sign, a bad byte at any index, neighbours of any bytes on either side,
/// windows of 0 to 48 bytes, and starts and lengths outside the window; windows flush against a no-access page on
/// either side. Where no byte shuffle runs (netstandard2.0, DOTNET_EnableHWIntrinsic=0) the read must always decline.
/// </summary>
public class TsvNumberTextWindowedTests
{
    private static readonly byte[] Neighbours = "0123456789-+\t ./:aZ"u8.ToArray().Concat(new byte[] { 0x00, 0x7F, 0x80, 0xFF, 0xC3 }).ToArray();

    /// <summary>A window and the place of a field in it (start and length may lie outside it).</summary>
    public sealed record WindowCase(byte[] Window, int Start, int Length)
    {
        public override string ToString() =>
            $"start {Start}, length {Length}, window {Window.Length} bytes: {string.Join(" ", Window.Select(b => b.ToString("X2", CultureInfo.InvariantCulture)))} ('{new string(Window.Select(b => b is >= 0x20 and < 0x7F ? (char)b : '?').ToArray())}')";
    }

    /// <summary>Integer-looking fields among random neighbours.</summary>
    public static class WindowCases
    {
        public static Arbitrary<WindowCase> Cases()
        {
            Gen<byte> neighbour = Gen.Elements(Neighbours);
            Gen<byte[]> field =
                from sign in Gen.Elements("", "", "", "-", "+", "--")
                from count in Gen.Frequency((1, Gen.Constant(0)), (8, Gen.Choose(1, 16)), (3, Gen.Choose(17, 22)))
                from digits in Gen.Frequency((3, Gen.Choose('0', '9')), (1, Gen.Constant((int)'0'))).Select(c => (byte)c).ArrayOf(count)
                from point in Gen.Frequency((2, Gen.Constant(-1)), (1, Gen.Choose(0, count)), (1, Gen.Choose(0, 2).Select(p => count - p)))
                select Encoding.ASCII.GetBytes(sign).Concat(point < 0 ? digits : digits.Take(point).Concat(new[] { (byte)'.' }).Concat(digits.Skip(point))).ToArray();
            Gen<byte[]> spoiled =
                from text in field
                from at in Gen.Choose(0, 20)
                from bad in neighbour
                select text.Length == 0 ? text : text.Select((b, i) => i == at % text.Length ? bad : b).ToArray();
            Gen<WindowCase> placed =
                from text in Gen.Frequency((4, field), (1, spoiled))
                from beforeLength in Gen.Choose(0, 24)
                from afterLength in Gen.Choose(0, 24)
                from filler in neighbour.ArrayOf(48)
                select new WindowCase(filler.Take(beforeLength).Concat(text).Concat(filler.Skip(beforeLength).Take(afterLength)).ToArray(), beforeLength, text.Length);
            Gen<WindowCase> misplaced =
                from c in placed
                from start in Gen.Elements(-1, int.MinValue, c.Window.Length, c.Window.Length + 1, c.Start)
                from length in Gen.Elements(-1, 0, c.Window.Length - c.Start + 1, int.MaxValue, c.Length)
                select c with { Start = start, Length = length };
            return Gen.Frequency((8, placed), (1, misplaced)).ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(WindowCases)], RunsAtDefault = 3000)]
    public void Every_integer_type_matches_the_naive_reading(WindowCase c) => AssertEveryType(c.Window, c.Start, c.Length, c.ToString());

    [Fact]
    public void Every_length_at_every_place_and_a_bad_byte_at_every_index_match_the_naive_reading()
    {
        var random = new Random(20261202);
        byte[] bad = "-+/: .a"u8.ToArray().Concat(new byte[] { 0x00, 0xFF }).ToArray();
        foreach (int windowLength in new[] { 15, 16, 17, 31, 32, 33, 40 })
        {
            for (int length = 1; length <= 22; length++)
            {
                for (int start = 0; start + length <= windowLength; start++)
                {
                    byte[] window = new byte[windowLength];
                    for (int i = 0; i < window.Length; i++)
                    {
                        window[i] = Neighbours[random.Next(Neighbours.Length)];
                    }

                    for (int i = start; i < start + length; i++)
                    {
                        window[i] = (byte)('0' + random.Next(10));
                    }

                    foreach (bool negative in new[] { false, true })
                    {
                        byte[] signed = (byte[])window.Clone();
                        if (negative)
                        {
                            signed[start] = (byte)'-';
                        }

                        AssertEveryType(signed, start, length, $"window {windowLength}, start {start}, length {length}");
                        for (int at = start; at < start + length; at++)
                        {
                            byte[] changed = (byte[])signed.Clone();
                            changed[at] = bad[random.Next(bad.Length)];
                            AssertEveryType(changed, start, length, $"window {windowLength}, start {start}, length {length}, byte {changed[at]:X2} at {at}");
                        }
                    }
                }
            }
        }
    }

    /// <summary>Every integer type's limits and one past them, with leading zeros, at the start, middle and end of a window.</summary>
    [Fact]
    public void The_limits_of_every_type_and_one_past_them_match_the_naive_reading()
    {
        string[] limits =
        [
            "18446744073709551615", "18446744073709551616", "18446744073709551620", "18440000000000000000", "18450000000000000000",
            "99999999999999999999", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
            "-00000000000000000001", "00000000000000000000", "-0", "0", "2147483647", "2147483648", "-2147483648", "-2147483649",
            "4294967295", "4294967296", "32767", "32768", "-32768", "-32769", "65535", "65536", "127", "128", "-128", "-129",
            "255", "256", "9999999999999999", "10000000000000000", "-9999999999999999", "-10000000000000000", "0000000000000000001",
        ];
        foreach (string limit in limits)
        {
            foreach (int before in new[] { 0, 1, 7, 16 })
            {
                foreach (int after in new[] { 0, 1, 7, 16 })
                {
                    byte[] window = Encoding.ASCII.GetBytes(new string('9', before) + limit + new string('9', after));
                    AssertEveryType(window, before, limit.Length, $"'{limit}' with {before} digits before and {after} after");
                }
            }
        }
    }

    /// <summary>The window flush against a no-access page after it, then before it: every load stays inside the window.</summary>
    [GuardedProperty(Arbitrary = [typeof(WindowCases)], RunsAtDefault = 500)]
    public void Reads_only_inside_the_window(WindowCase c)
    {
        using var after = new GuardedBuffer(64);
        Span<byte> flushAfter = after.Bytes(c.Window.Length);
        c.Window.CopyTo(flushAfter);
        AssertEveryType(flushAfter.ToArray(), c.Start, c.Length, c + " (guard after)", flushAfter);

        using var before = new GuardedBuffer(64, guardBefore: true);
        Span<byte> flushBefore = before.StartBytes(c.Window.Length);
        c.Window.CopyTo(flushBefore);
        AssertEveryType(flushBefore.ToArray(), c.Start, c.Length, c + " (guard before)", flushBefore);
    }

    /// <summary>Where the byte shuffle runs, a plain field in a window of 16 or more bytes is read (the fast path is taken, not only harmless).</summary>
    [Fact]
    public void A_plain_field_in_a_wide_enough_window_is_read_where_the_shuffle_runs()
    {
        byte[] window = "id\t-1234567890123456\t42\t"u8.ToArray();
        bool read = TsvNumberText.TryParseWindowed(window, 3, 17, out long value);
        Assert.Equal(TsvNumberText.IsWindowAccelerated, read);
        Assert.Equal(read ? -1234567890123456 : 0, value);
    }

    private static void AssertEveryType(byte[] window, int start, int length, string shown) => AssertEveryType(window, start, length, shown, window);

    // `window` is the reference's copy; `read` the bytes the parser reads (a guarded copy in the guard-page test).
    private static void AssertEveryType(byte[] window, int start, int length, string shown, ReadOnlySpan<byte> read)
    {
        AssertType<int>(window, start, length, shown, read, signed: true, (string s, out int v) => int.TryParse(s, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out v));
        AssertType<long>(window, start, length, shown, read, signed: true, (string s, out long v) => long.TryParse(s, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out v));
        AssertType<short>(window, start, length, shown, read, signed: true, (string s, out short v) => short.TryParse(s, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out v));
        AssertType<sbyte>(window, start, length, shown, read, signed: true, (string s, out sbyte v) => sbyte.TryParse(s, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out v));
        AssertType<ulong>(window, start, length, shown, read, signed: false, (string s, out ulong v) => ulong.TryParse(s, NumberStyles.None, CultureInfo.InvariantCulture, out v));
        AssertType<uint>(window, start, length, shown, read, signed: false, (string s, out uint v) => uint.TryParse(s, NumberStyles.None, CultureInfo.InvariantCulture, out v));
        AssertType<ushort>(window, start, length, shown, read, signed: false, (string s, out ushort v) => ushort.TryParse(s, NumberStyles.None, CultureInfo.InvariantCulture, out v));
        AssertType<byte>(window, start, length, shown, read, signed: false, (string s, out byte v) => byte.TryParse(s, NumberStyles.None, CultureInfo.InvariantCulture, out v));
    }

    private delegate bool RuntimeParse<T>(string text, out T value);

    private static void AssertType<T>(byte[] window, int start, int length, string shown, ReadOnlySpan<byte> read, bool signed, RuntimeParse<T> runtime)
        where T : struct
    {
        bool expected = Naive(window, start, length, signed, runtime, out T expectedValue);
        bool actual = TsvNumberText.TryParseWindowed(read, start, length, out T value);
        Assert.True(
            expected == actual && (!actual || EqualityComparer<T>.Default.Equals(expectedValue, value)),
            $"{typeof(T).Name}, {shown}: the windowed read gives {actual} {value}, the naive reading {expected} {expectedValue}");
    }

    /// <summary>The naive reading: the field inside the window, its shape byte by byte, then the runtime's parse of its text.</summary>
    private static bool Naive<T>(byte[] window, int start, int length, bool signed, RuntimeParse<T> runtime, out T value)
        where T : struct
    {
        value = default;
        if (!TsvNumberText.IsWindowAccelerated || window.Length < 16 || start < 0 || length < 1 || start > window.Length || length > window.Length - start)
        {
            return false;
        }

        string text = Encoding.ASCII.GetString(window, start, length);
        string digits = signed && text.Length > 0 && text[0] == '-' ? text.Substring(1) : text;
        if (digits.Length is < 1 or > 20 || !digits.All(c => c is >= '0' and <= '9'))
        {
            return false;
        }

        return runtime(text, out value);
    }
}
