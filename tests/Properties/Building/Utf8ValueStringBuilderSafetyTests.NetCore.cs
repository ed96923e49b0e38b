using System.Buffers;
using System.Globalization;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// The char builder's safety rules, for the UTF-8 builder: a handler completed into another builder or after a hole
/// changed its builder throws and appends nothing; a throwing hole leaves the builder as it was; a draft never
/// writes into an array returned to the pool or into bytes a writer already received; the builder's own bytes
/// append across growth.
/// </summary>
public class Utf8ValueStringBuilderSafetyTests
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    [Fact]
    public void Completing_a_handler_into_another_builder_throws_and_appends_nothing()
    {
        var owner = new Utf8ValueStringBuilder(new byte[64]);
        var other = new Utf8ValueStringBuilder(new byte[64]);
        other.Append("other");
        var handler = new Utf8ValueStringBuilder.AppendInterpolatedStringHandler(1, 0, in owner);
        handler.AppendLiteral("x");
        Assert.Equal(typeof(InvalidOperationException), CatchAppend(ref other, handler));
        Assert.Equal("other", other.ToString());
        owner.Append(handler);
        Assert.Equal("x", owner.ToString());
    }

    [Theory]
    [InlineData(0)]
    [InlineData(8)]
    [InlineData(4096)]
    public void A_hole_that_changes_the_builder_makes_the_append_throw_and_no_returned_array_is_written(int initialBuffer)
    {
        var pool = new RecordingBytePool();
        var builder = new Utf8ValueStringBuilder(new byte[initialBuffer], pool);
        builder.Append(new string('a', 300)); // Rented unless the buffer is big.
        string before = builder.ToString();
        try
        {
            builder.Append($"{GrowTo(ref builder, 5000)}{new string('z', 700)}");
            Assert.Fail("The append did not throw.");
        }
        catch (InvalidOperationException)
        {
        }

        pool.AssertNoWriteAfterReturn();
        Assert.StartsWith(before, builder.ToString(), StringComparison.Ordinal);
        Assert.Equal(before.Length + 5000, builder.Length);
        builder.Dispose();
        pool.AssertNoWriteAfterReturn();
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_hole_that_flushes_the_builder_leaves_the_bytes_the_writer_received_untouched(bool drainFirst)
    {
        var writer = new ArrayBufferWriter<byte>(64);
        var builder = new Utf8ValueStringBuilder(writer);
        builder.Append("abc");
        if (drainFirst)
        {
            builder.Flush();
        }

        try
        {
            builder.Append($"{FlushAfter(ref builder, "123")}{new string('z', 40)}");
            Assert.Fail("The append did not throw.");
        }
        catch (InvalidOperationException)
        {
        }

        Assert.Equal("abc123", Encoding.UTF8.GetString(writer.WrittenSpan.ToArray()));
        builder.Append("!");
        builder.Dispose();
        Assert.Equal("abc123!", Encoding.UTF8.GetString(writer.WrittenSpan.ToArray()));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(16)]
    [InlineData(4096)]
    public void A_throwing_hole_leaves_the_builder_unchanged(int initialBuffer)
    {
        var pool = new RecordingBytePool();
        var builder = new Utf8ValueStringBuilder(new byte[initialBuffer], pool);
        builder.Append("kept\uD83D");
        try
        {
            builder.Append($"\uDE00{new string('y', 500)}{new ThrowingSpanFormattable()}");
            Assert.Fail("The hole did not throw.");
        }
        catch (FormatException)
        {
        }

        Assert.Equal(Encoding.UTF8.GetBytes("kept\uD83D"), builder.WrittenSpan.ToArray());
        builder.Append("\uDE00");
        Assert.Equal(Encoding.UTF8.GetBytes("kept\uD83D\uDE00"), builder.WrittenSpan.ToArray());
        builder.Dispose();
        pool.AssertNoWriteAfterReturn();
    }

    [Fact]
    public void The_builders_own_bytes_append_across_growth()
    {
        var pool = new RecordingBytePool();
        var builder = new Utf8ValueStringBuilder(new byte[7], pool);
        builder.Append("h\u00E9llo");
        string expected = "h\u00E9llo";
        for (int i = 0; i < 10; i++)
        {
            builder.Append(builder.WrittenSpan);
            expected += expected;
            Assert.Equal(Encoding.UTF8.GetBytes(expected), builder.WrittenSpan.ToArray());
            pool.AssertNoWriteAfterReturn();
        }

        builder.Dispose();
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void Reading_members_refuse_a_writer_builder()
    {
        var builder = new Utf8ValueStringBuilder(new ArrayBufferWriter<byte>());
        builder.Append("x");
        Assert.Equal(1, builder.Length);
        Assert.Throws<InvalidOperationException>(() => ReadWritten(new ArrayBufferWriter<byte>()));
        builder.Dispose();
        Assert.Equal(0, builder.Length);
    }

    [Fact]
    public void Arguments_are_validated_with_their_names()
    {
        Assert.Equal("writer", Assert.Throws<ArgumentNullException>(() => new Utf8ValueStringBuilder((IBufferWriter<byte>)null!).Dispose()).ParamName);
        Assert.Equal("repeatCount", Assert.Throws<ArgumentOutOfRangeException>(() => new Utf8ValueStringBuilder(new byte[4]).Append('x', -1)).ParamName);
    }

    [Fact]
    public void Values_format_with_the_provider_and_the_current_culture()
    {
        var builder = new Utf8ValueStringBuilder(new byte[8]);
        builder.Append(1234.5, "N1", CultureInfo.GetCultureInfo("de-DE"));
        builder.Append('|');
        builder.Append(CultureInfo.GetCultureInfo("fr-FR"), $"{1234.5:N1}|{new DateTime(2026, 11, 22):d}");
        string expected = 1234.5.ToString("N1", CultureInfo.GetCultureInfo("de-DE")) + "|"
            + string.Format(CultureInfo.GetCultureInfo("fr-FR"), "{0:N1}|{1:d}", 1234.5, new DateTime(2026, 11, 22));
        Assert.Equal(Encoding.UTF8.GetBytes(expected), builder.WrittenSpan.ToArray());
        builder.Dispose();
    }

    private static void ReadWritten(ArrayBufferWriter<byte> writer)
    {
        var builder = new Utf8ValueStringBuilder(writer);
        _ = builder.WrittenSpan;
    }

    private static Type? CatchAppend(ref Utf8ValueStringBuilder builder, scoped Utf8ValueStringBuilder.AppendInterpolatedStringHandler handler)
    {
        try
        {
            builder.Append(handler);
            return null;
        }
        catch (Exception e)
        {
            return e.GetType();
        }
    }

    private static string GrowTo(ref Utf8ValueStringBuilder builder, int count)
    {
        builder.Append('b', count);
        return "hole";
    }

    private static string FlushAfter(ref Utf8ValueStringBuilder builder, string text)
    {
        builder.Append(text);
        builder.Flush();
        return string.Empty;
    }
}
