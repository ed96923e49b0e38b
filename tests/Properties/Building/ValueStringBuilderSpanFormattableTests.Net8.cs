using Xunit;
using static FastText.Tests.Building.ValueStringBuilderTestKit;

namespace FastText.Tests.Building;

/// <summary>net8.0's generic Append&lt;T&gt; grows and retries until the value fits; it never calls ToString.</summary>
[TrackedPool]
public class ValueStringBuilderSpanFormattableTests
{
    private readonly struct NoToString : ISpanFormattable
    {
        public NoToString(int width) => Width = width;

        private int Width { get; }

        public string ToString(string? format, IFormatProvider? formatProvider) => throw new InvalidOperationException("must not be called");

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider? provider) =>
            new WideSpanFormattable(Width).TryFormat(destination, out charsWritten, format, provider);
    }

    [Theory]
    [InlineData(0, 1)]
    [InlineData(1, 17)]
    [InlineData(3, 100_000)]
    [InlineData(64, 64)]
    [InlineData(64, 65)]
    public void Append_of_T_grows_until_the_value_fits(int initial, int width)
    {
        Assert.Equal("<" + new string('w', width) + ">", Build(initial, (ref ValueStringBuilder b) =>
        {
            b.Append('<');
            b.Append(new NoToString(width));
            b.Append('>');
        }));
        Assert.Equal(new string('w', width), Build(initial, (ref ValueStringBuilder b) => b.Append($"{new NoToString(width)}")));
        Assert.Equal(new string('w', width) + ",x", Build(initial, (ref ValueStringBuilder b) => b.AppendJoin(",", new object[] { new NoToString(width), "x" })));
    }
}
