using FastText.Internal;
using FsCheck;
using FsCheck.Fluent;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Internal;

/// <summary>The Guid writer shared by the key builders and the builder's netstandard2.0 Append(Guid): Guid.ToString's text, inside its span.</summary>
public class GuidTextTests
{
    private static readonly string[] Formats = { null!, "", "N", "n", "D", "d", "B", "b", "P", "p", "X", "x" };

    public static class Guids
    {
        public static Arbitrary<(Guid, int)> Generated() =>
            (from bytes in Gen.ArrayOf(Gen.Choose(0, 255).Select(b => (byte)b), 16)
             from format in Gen.Choose(0, Formats.Length - 1)
             select (new Guid(bytes), format)).ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(Guids)])]
    public void Writes_what_Guid_ToString_writes_and_nothing_past_it((Guid Value, int Format) t)
    {
        string format = Formats[t.Format];
        char symbol = GuidText.Symbol(format);
        string expected = t.Value.ToString(format);
        Assert.Equal(expected.Length, GuidText.LengthOf(symbol));

        char[] destination = new char[expected.Length + 1];
        destination[^1] = '#';
        GuidText.Write(t.Value, symbol, destination.AsSpan(0, expected.Length));
        Assert.Equal(expected + "#", new string(destination));

        Assert.Equal("destination", Assert.Throws<ArgumentOutOfRangeException>(
            () => GuidText.Write(t.Value, symbol, new char[expected.Length - 1])).ParamName);
    }

    [Fact]
    public void Formats_Guid_ToString_refuses_have_no_symbol()
    {
        foreach (string format in new[] { "G", "NN", "x0", "\u004E\u0301", "Ｎ" })
        {
            Assert.Throws<FormatException>(() => Guid.NewGuid().ToString(format));
            Assert.Equal('\0', GuidText.Symbol(format));
        }
    }
}
