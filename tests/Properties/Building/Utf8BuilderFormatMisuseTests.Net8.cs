using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// Utf8ValueStringBuilder.AppendFormat with an argument whose TryFormat lies about its count: every path an item takes
/// (straight into the bytes, with a span format, and through chars for an alignment) refuses the count through
/// FormatterCount, names the type, and leaves the builder as it was.
/// </summary>
public class Utf8BuilderFormatMisuseTests
{
    private readonly struct Liar : ISpanFormattable, IUtf8SpanFormattable
    {
        public Liar(int over) => Over = over;

        public int Over { get; }

        public string ToString(string? format, IFormatProvider? formatProvider) => "liar";

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider? provider)
        {
            destination.Slice(0, Math.Min(4, destination.Length)).Fill('x');
            charsWritten = Over < 0 ? Over : destination.Length + Over;
            return true;
        }

        public bool TryFormat(Span<byte> utf8Destination, out int bytesWritten, ReadOnlySpan<char> format, IFormatProvider? provider)
        {
            utf8Destination.Slice(0, Math.Min(4, utf8Destination.Length)).Fill((byte)'x');
            bytesWritten = Over < 0 ? Over : utf8Destination.Length + Over;
            return true;
        }
    }

    public static TheoryData<int, string> Cases()
    {
        var data = new TheoryData<int, string>();
        foreach (int over in new[] { 1, 7, 1 << 20, int.MaxValue - 1_000_000, -1, int.MinValue })
        {
            foreach (string format in new[] { "a{0}b", "{0:X}", "{0,5}", "{0,-5:D}", "é{1}{0}" })
            {
                data.Add(over, format);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void AppendFormat_refuses_a_miscounted_argument_and_keeps_what_it_had(int over, string format)
    {
        var builder = new Utf8ValueStringBuilder(stackalloc byte[32]);
        try
        {
            builder.Append("kept");
            Exception? generic = Catch(ref builder, (ref Utf8ValueStringBuilder b) => b.AppendFormat(format, new Liar(over), 1));
            Exception? boxed = Catch(ref builder, (ref Utf8ValueStringBuilder b) => b.AppendFormat(format, new object[] { new Liar(over), 1 }));
            foreach (Exception? error in new[] { generic, boxed })
            {
                Assert.IsType<InvalidOperationException>(error);
                Assert.Contains(nameof(Liar), error!.Message, StringComparison.Ordinal);
            }

            Assert.Equal("kept", Encoding.UTF8.GetString(builder.WrittenSpan));
            builder.Append('!');
            Assert.Equal("kept!", Encoding.UTF8.GetString(builder.WrittenSpan));
        }
        finally
        {
            builder.Dispose();
        }
    }

    private static Exception? Catch(ref Utf8ValueStringBuilder builder, Step step)
    {
        try
        {
            step.Invoke(ref builder);
            return null;
        }
        catch (Exception e)
        {
            return e;
        }
    }

    private delegate void Step(ref Utf8ValueStringBuilder builder);
}
