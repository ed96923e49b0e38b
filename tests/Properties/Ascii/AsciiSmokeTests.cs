using System.Buffers;
using FastText.Tests.Infrastructure;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Ascii;

public class AsciiSmokeTests
{
    [Fact]
    public void Narrow_stops_at_first_non_ascii()
    {
        byte[] destination = new byte[8];
        Assert.Equal(OperationStatus.InvalidData, AsciiText.Narrow("ab\u0141d".AsSpan(), destination, out int written));
        Assert.Equal(2, written);
    }

    [Fact]
    public void Narrow_matches_cast_for_generated_ascii()
    {
        Properties.ForAll(Gen.Choose(0, 300).SelectMany(n => Gen.ArrayOf(Gen.Choose(0, 127).Select(c => (char)c), n)), chars =>
        {
            byte[] destination = new byte[chars.Length];
            Assert.Equal(OperationStatus.Done, AsciiText.Narrow(chars, destination, out int written));
            Assert.Equal(chars.Length, written);
            for (int i = 0; i < chars.Length; i++)
            {
                Assert.Equal((byte)chars[i], destination[i]);
            }
        });
    }

    [GuardedFact]
    public void Narrow_reads_nothing_past_the_source()
    {
        using var guarded = new GuardedBuffer(4096);
        var source = guarded.Chars(33);
        source.Fill('x');
        Assert.Equal(OperationStatus.Done, AsciiText.Narrow(source, new byte[33], out _));
    }
}
