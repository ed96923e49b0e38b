using Xunit;

namespace FastText.Tests.Building;

/// <summary>Bad arguments throw ArgumentOutOfRangeException naming the parameter, and change nothing.</summary>
[TrackedPool]
public class ValueStringBuilderArgumentTests
{
    private static void AssertOutOfRange(string parameter, Appender act)
    {
        string after = "";
        var e = Assert.Throws<ArgumentOutOfRangeException>(() =>
        {
            // A ref struct cannot be captured, so each check builds its own "abcd" builder inside the lambda.
            var builder = ValueStringBuilder.StartedForTests(new char[8], TrackedPoolAttribute.Current);
            builder.Append("abcd");
            try
            {
                act(ref builder);
            }
            finally
            {
                after = builder.ToString();
                builder.Dispose();
            }
        });
        Assert.Equal(parameter, e.ParamName);
        Assert.Equal("abcd", after);
    }

    [Fact]
    public void Negative_capacity() =>
        Assert.Equal("initialCapacity", Assert.Throws<ArgumentOutOfRangeException>(() => new ValueStringBuilder(-1)).ParamName);

    [Fact]
    public void Negative_repeat_count() => AssertOutOfRange("repeatCount", (ref ValueStringBuilder b) => b.Append('x', -1));

    [Fact]
    public void Negative_length() => AssertOutOfRange("value", (ref ValueStringBuilder b) => b.Length = -1);

    [Fact]
    public void Negative_EnsureCapacity() => AssertOutOfRange("capacity", (ref ValueStringBuilder b) => b.EnsureCapacity(-1));

    [Fact]
    public void Negative_AppendSpan() => AssertOutOfRange("length", (ref ValueStringBuilder b) => b.AppendSpan(-1));

    [Theory]
    [InlineData(-1)]
    [InlineData(4)]
    [InlineData(int.MaxValue)]
    public void Indexer_outside_the_written_chars(int index) =>
        AssertOutOfRange("index", (ref ValueStringBuilder b) => b[index] = 'x');

    [Theory]
    [InlineData(-1)]
    [InlineData(5)]
    public void Insert_outside_0_to_Length(int index)
    {
        AssertOutOfRange("index", (ref ValueStringBuilder b) => b.Insert(index, 'x'));
        AssertOutOfRange("index", (ref ValueStringBuilder b) => b.Insert(index, "xy"));
        AssertOutOfRange("index", (ref ValueStringBuilder b) => b.Insert(index, "xy".AsSpan()));
    }

    [Theory]
    [InlineData(-1, 0, "start")]
    [InlineData(5, 0, "start")]
    [InlineData(0, -1, "length")]
    [InlineData(0, 5, "length")]
    [InlineData(3, 2, "length")]
    [InlineData(4, 1, "length")]
    public void Ranges_outside_the_written_chars(int start, int length, string parameter)
    {
        AssertOutOfRange(parameter, (ref ValueStringBuilder b) => b.Remove(start, length));
        AssertOutOfRange(parameter, (ref ValueStringBuilder b) => b.ToString(start, length));
        AssertOutOfRange(parameter, (ref ValueStringBuilder b) => b.AsSpan(start, length));
    }

    [Fact]
    public void AsSpan_start_outside_0_to_Length()
    {
        AssertOutOfRange("start", (ref ValueStringBuilder b) => b.AsSpan(-1));
        AssertOutOfRange("start", (ref ValueStringBuilder b) => b.AsSpan(5));
    }

    [Fact]
    public void AppendJoin_null_enumerable() =>
        Assert.Equal("values", Assert.Throws<ArgumentNullException>(() =>
        {
            var b = ValueStringBuilder.StartedForTests(new char[4], TrackedPoolAttribute.Current);
            b.AppendJoin<int>(",", (IEnumerable<int>)null!);
        }).ParamName);

    [Fact]
    public void Valid_edges_do_not_throw()
    {
        var b = ValueStringBuilder.StartedForTests(new char[4], TrackedPoolAttribute.Current);
        b.Append("abcd");
        Assert.Equal("d", b.ToString(3, 1));
        Assert.Equal(string.Empty, b.ToString(4, 0));
        Assert.Equal(0, b.AsSpan(4).Length);
        b.Insert(4, 'e');
        b.Remove(5, 0);
        b.Append('x', 0);
        Assert.Equal(0, b.AppendSpan(0).Length);
        Assert.True(b.TryCopyTo(new char[5], out int written));
        Assert.Equal(5, written);
        Assert.False(b.TryCopyTo(new char[4], out written));
        Assert.Equal(0, written);
        Assert.Equal("abcde", b.ToString());
        b.Dispose();
    }
}
