using System.Globalization;
using System.IO;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// Formatters that lie about what they wrote: every API that calls a caller's TryFormat refuses a
/// count outside the destination it gave, with an exception naming the type, and leaves nothing of the value behind.
/// Before the fix a builder moved its length past (or before) what was written, and the TSV writer's special-byte scan
/// read past its buffer.
/// </summary>
public class LyingFormatterTests
{
    /// <summary>Writes 'x' into all it is given (at most <see cref="Fill"/>), then reports the destination's length plus <see cref="Over"/>.</summary>
    private readonly struct Liar : ISpanFormattable, IUtf8SpanFormattable
    {
        public Liar(int over, int fill = 4)
        {
            Over = over;
            Fill = fill;
        }

        public int Over { get; }

        public int Fill { get; }

        public string ToString(string? format, IFormatProvider? formatProvider) => "liar";

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider? provider)
        {
            destination.Slice(0, Math.Min(Fill, destination.Length)).Fill('x');
            charsWritten = Over < 0 ? Over : destination.Length + Over;
            return true;
        }

        public bool TryFormat(Span<byte> utf8Destination, out int bytesWritten, ReadOnlySpan<char> format, IFormatProvider? provider)
        {
            utf8Destination.Slice(0, Math.Min(Fill, utf8Destination.Length)).Fill((byte)'x');
            bytesWritten = Over < 0 ? Over : utf8Destination.Length + Over;
            return true;
        }
    }

    public static TheoryData<int> Lies => new() { 1, 7, 1 << 20, int.MaxValue - 1_000_000, -1, int.MinValue };

    [Theory]
    [MemberData(nameof(Lies))]
    public void ValueStringBuilder_refuses_a_miscounted_value_and_keeps_what_it_had(int over)
    {
        var builder = new ValueStringBuilder(stackalloc char[32]);
        try
        {
            builder.Append("kept");
            AssertNamesTheLiar(Catch(ref builder, over, AppendLiar));
            Assert.Equal("kept", builder.ToString());
            builder.Append('!');
            Assert.Equal("kept!", builder.ToString());
        }
        finally
        {
            builder.Dispose();
        }
    }

    [Theory]
    [MemberData(nameof(Lies))]
    public void ValueStringBuilder_interpolation_and_composite_formats_refuse_a_miscounted_value(int over)
    {
        var builder = new ValueStringBuilder(stackalloc char[32]);
        try
        {
            builder.Append("kept");
            AssertNamesTheLiar(Catch(ref builder, over, AppendInterpolated));
            Assert.Equal("kept", builder.ToString());
            // The runtime's own CompositeFormat writer refuses the count first (ArgumentOutOfRangeException), or we do.
            Assert.NotNull(Catch(ref builder, over, AppendComposite));
            Assert.Equal("kept", builder.ToString());
        }
        finally
        {
            builder.Dispose();
        }
    }

    [Theory]
    [MemberData(nameof(Lies))]
    public void Utf8ValueStringBuilder_refuses_a_miscounted_value_in_bytes_and_in_chars(int over)
    {
        var builder = new Utf8ValueStringBuilder(stackalloc byte[32]);
        try
        {
            builder.Append("kept");
            AssertNamesTheLiar(Catch(ref builder, over, AppendLiarUtf8));
            AssertNamesTheLiar(Catch(ref builder, over, AppendCharsOnlyLiarUtf8));
            Assert.Equal("kept", Encoding.UTF8.GetString(builder.WrittenSpan));
        }
        finally
        {
            builder.Dispose();
        }
    }

    [Theory]
    [MemberData(nameof(Lies))]
    public void TsvWriter_WriteFormatted_refuses_a_miscounted_value_and_writes_nothing_of_it(int over)
    {
        var output = new MemoryStream();
        using (var writer = new TsvWriter(output, leaveOpen: true))
        {
            writer.WriteField("a");
            var error = Record.Exception(() => writer.WriteFormatted(new Liar(over)));
            AssertNamesTheLiar(error);
            Assert.Equal(1, writer.FieldCount);
            writer.WriteField("b");
            writer.EndRow();
        }

        Assert.Equal("a\tb\n", Encoding.UTF8.GetString(output.ToArray()));
    }

    private delegate void CharStep(ref ValueStringBuilder builder, int over);

    private delegate void ByteStep(ref Utf8ValueStringBuilder builder, int over);

    private static Exception? Catch(ref ValueStringBuilder builder, int over, CharStep step)
    {
        try
        {
            step(ref builder, over);
            return null;
        }
        catch (Exception error)
        {
            return error;
        }
    }

    private static Exception? Catch(ref Utf8ValueStringBuilder builder, int over, ByteStep step)
    {
        try
        {
            step(ref builder, over);
            return null;
        }
        catch (Exception error)
        {
            return error;
        }
    }

    private static void AssertNamesTheLiar(Exception? error)
    {
        var refused = Assert.IsType<InvalidOperationException>(error);
        Assert.Contains(nameof(Liar), refused.Message, StringComparison.Ordinal);
    }

    private static void AppendLiar(ref ValueStringBuilder builder, int over) => builder.Append(new Liar(over));

    private static void AppendInterpolated(ref ValueStringBuilder builder, int over) => builder.Append($"{new Liar(over)}");

    private static void AppendComposite(ref ValueStringBuilder builder, int over) =>
        builder.AppendFormat(CultureInfo.InvariantCulture, CompositeFormat.Parse("{0}"), new Liar(over));

    private static void AppendLiarUtf8(ref Utf8ValueStringBuilder builder, int over) => builder.Append(new Liar(over));

    private static void AppendCharsOnlyLiarUtf8(ref Utf8ValueStringBuilder builder, int over) => builder.Append(new CharsOnlyLiar(new Liar(over)));

    /// <summary>The liar without its UTF-8 side: the UTF-8 builder formats it into chars first.</summary>
    private readonly struct CharsOnlyLiar : ISpanFormattable
    {
        private readonly Liar _liar;

        public CharsOnlyLiar(Liar liar) => _liar = liar;

        public string ToString(string? format, IFormatProvider? formatProvider) => "liar";

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider? provider) =>
            _liar.TryFormat(destination, out charsWritten, format, provider);

    }
}
