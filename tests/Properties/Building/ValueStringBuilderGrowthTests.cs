using System.Buffers;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>Growth through every pool bucket size up to several million chars keeps the text and the pool intact.</summary>
[TrackedPool]
public class ValueStringBuilderGrowthTests
{
    private const int Target = 5_000_000;

    [Fact]
    public void Growing_to_millions_of_chars_through_the_shared_pool_keeps_the_text()
    {
        var builder = ValueStringBuilder.StartedForTests(stackalloc char[1], TrackedPoolAttribute.Current);
        var model = new StringBuilder();
        AppendUntil(ref builder, model);
        Assert.Equal(model.Length, builder.Length);
        Assert.True(builder.AsSpan().SequenceEqual(model.ToString().AsSpan()));
        builder.Dispose();
    }

    [Fact]
    public void Growing_to_millions_of_chars_doubles_and_returns_every_array_once()
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(Span<char>.Empty, pool);
        var model = new StringBuilder();
        AppendUntil(ref builder, model);
        Assert.True(builder.AsSpan().SequenceEqual(model.ToString().AsSpan()));
        Assert.Equal(1, pool.Outstanding);
        Assert.InRange(pool.Rents, 14, 40); // from 256 chars (the first rent) doubling to 5 million
        for (int i = 1; i < pool.RequestedLengths.Count; i++)
        {
            Assert.True(pool.RequestedLengths[i] >= 2 * pool.RequestedLengths[i - 1]);
        }

        builder.Dispose();
        Assert.Equal(0, pool.Outstanding);
    }

    public static TheoryData<string> FirstAppends => new() { "int", "string", "char", "interpolated", "double" };

    // Issue #13: the first rent of a builder without a buffer is the shared pool's 256-char bucket (this thread's
    // spare first array) whatever the first append is, never 260 chars, which the pool would round up to 512.
    [Theory]
    [MemberData(nameof(FirstAppends))]
    public void The_first_rent_without_a_buffer_is_256_chars_stamp_included(string firstAppend)
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(0, pool);
        switch (firstAppend)
        {
            case "int": builder.Append(123456); break;
            case "string": builder.Append("text"); break;
            case "char": builder.Append('c'); break;
            case "interpolated": builder.Append($"{42},{"x"}"); break;
            default: builder.Append(1.5); break;
        }

        Assert.Equal(new[] { ValueStringBuilder.MinimumRentLength }, pool.RequestedLengths);
        builder.Dispose();
    }

    [Fact]
    public void One_append_larger_than_double_rents_what_is_needed()
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(new char[4], pool);
        builder.Append('a', 1_000_000);
        Assert.Equal(1_000_000 + ValueStringBuilder.StampLength, pool.RequestedLengths.Single()); // what is needed, and the stamp
        builder.EnsureCapacity(3_000_000);
        Assert.True(builder.Capacity >= 3_000_000);
        Assert.Equal(1_000_000, builder.Length);
        builder.Dispose();
        Assert.Equal(0, pool.Outstanding);
    }

    private static void AppendUntil(ref ValueStringBuilder builder, StringBuilder model)
    {
        string chunk = string.Concat(Enumerable.Range(0, 300).Select(i => (char)('a' + (i % 26))));
        int step = 0;
        while (model.Length < Target)
        {
            int take = (step * 37) % chunk.Length;
            builder.Append(chunk.AsSpan(0, take));
            model.Append(chunk, 0, take);
            builder.Append(step);
            model.Append(step);
            step++;
        }
    }
}
