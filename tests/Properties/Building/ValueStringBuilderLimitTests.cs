using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// Length arithmetic at the int.MaxValue boundary (issue #10): growth, capacity plus appended length, Insert,
/// repeat counts, padding and Replace. Tested through the arithmetic helpers and with requests whose computed
/// size overflows while the data stays small: a clear OutOfMemoryException (what the runtime throws for an
/// array it cannot make) or ArgumentOutOfRangeException for a negative count, never a wrapped negative length.
/// </summary>
[TrackedPool]
public class ValueStringBuilderLimitTests
{
    private const int Max = ValueStringBuilder.MaximumCapacity;
    private const int Stamp = ValueStringBuilder.StampLength;

    [Theory]
    [InlineData(0, 0, 0, ValueStringBuilder.MinimumRentLength - Stamp)] // the first array is 256 chars, stamp included
    [InlineData(0, 0, 1, ValueStringBuilder.MinimumRentLength - Stamp)]
    [InlineData(256, 256, 1, 512 - Stamp)] // the next array doubles the current one (stack buffer or rented array)
    [InlineData(256, 10, 5000, 5010)]
    [InlineData(Max / 2, Max / 2, 1, Max - 1 - Stamp)]
    [InlineData((Max / 2) + 1, (Max / 2) + 1, 1, Max - 3)] // doubled array length, less the stamp
    [InlineData((Max / 2) + 3, (Max / 2) + 3, 1, Max)] // doubling passes the limit: clamped, not wrapped
    [InlineData(int.MaxValue / 2 + 1, 10, 1, Max)] // doubling overflows int
    [InlineData(Max, Max - 5, 5, Max)]
    [InlineData(Max - 1, Max - 1, 1, Max)]
    [InlineData(10, 10, Max - 10, Max)]
    public void Grown_capacity_is_what_is_needed_at_least_doubled_and_never_past_the_largest_array(int currentLength, int pos, int additional, int expected)
    {
        Assert.Equal(expected, ValueStringBuilder.ComputeGrownCapacity(currentLength, pos, additional));
    }

    [Theory]
    [InlineData(Max, Max, 1)]
    [InlineData(10, 10, Max - 9)]
    [InlineData(1, 1, int.MaxValue)]
    [InlineData(Max, Max, int.MaxValue)] // the sum overflows int and uint arithmetic alike
    public void Needing_more_than_the_largest_array_is_OutOfMemory(int capacity, int pos, int additional)
    {
        Assert.Throws<OutOfMemoryException>(() => ValueStringBuilder.ComputeGrownCapacity(capacity, pos, additional));
    }

    [Fact]
    public void A_negative_additional_capacity_is_rejected_by_name()
    {
        var e = Assert.Throws<ArgumentOutOfRangeException>(() => ValueStringBuilder.ComputeGrownCapacity(0, 0, -1));
        Assert.Equal("additional", e.ParamName);
    }

    [Theory]
    [InlineData(0L, 0)]
    [InlineData((long)Max, Max)]
    public void Checked_length_passes_what_fits(long length, int expected) =>
        Assert.Equal(expected, ValueStringBuilder.CheckedLength(length));

    [Theory]
    [InlineData((long)Max + 1)]
    [InlineData((long)int.MaxValue)]
    [InlineData((long)uint.MaxValue + 5)] // would wrap to 4 as an int
    [InlineData(-1L)]
    [InlineData(long.MinValue)]
    public void Checked_length_refuses_what_no_array_holds(long length) =>
        Assert.Throws<OutOfMemoryException>(() => ValueStringBuilder.CheckedLength(length));

    public delegate void Request(ref ValueStringBuilder builder);

    public static TheoryData<string> HugeRequests => new()
    {
        "Append(char, int.MaxValue)", "AppendSpan(int.MaxValue)", "Insert(0, char, int.MaxValue)", "Length = int.MaxValue",
        "EnsureCapacity(int.MaxValue)", "alignment int.MinValue", "alignment int.MaxValue", "Replace to 2^31",
    };

    [Theory]
    [MemberData(nameof(HugeRequests))]
    public void A_request_whose_size_overflows_throws_OutOfMemory_and_leaves_the_builder_as_it_was(string request)
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(new char[16], pool);
        builder.Append("0123456789");
        bool threw = false;
        try
        {
            switch (request)
            {
                case "Append(char, int.MaxValue)": builder.Append('x', int.MaxValue); break;
                case "AppendSpan(int.MaxValue)": builder.AppendSpan(int.MaxValue); break;
                case "Insert(0, char, int.MaxValue)": builder.Insert(0, 'x', int.MaxValue); break;
                case "Length = int.MaxValue": builder.Length = int.MaxValue; break;
                case "EnsureCapacity(int.MaxValue)": builder.EnsureCapacity(int.MaxValue); break;
                case "alignment int.MinValue": AppendAligned(ref builder, int.MinValue); break;
                case "alignment int.MaxValue": AppendAligned(ref builder, int.MaxValue); break;
                case "Replace to 2^31":
                    // 1000 one-char matches, each replaced by 2.2 million chars: the sum passes the limit (4 MB of data).
                    builder.Clear();
                    builder.Append('a', 1000);
                    builder.Replace("a", "b", 0, 1000); // fits
                    builder.Replace("b".AsSpan(), new string('c', 2_200_000).AsSpan());
                    break;
            }
        }
        catch (OutOfMemoryException)
        {
            threw = true;
        }

        Assert.True(threw, request);
        Assert.Equal(request == "Replace to 2^31" ? new string('b', 1000) : "0123456789", builder.ToString());
        builder.Dispose();
        Assert.Equal(0, pool.Outstanding);
    }

    // What the compiler builds for $"{1,alignment}" (it warns about constant alignments this large).
    private static void AppendAligned(ref ValueStringBuilder builder, int alignment)
    {
        var handler = new ValueStringBuilder.AppendInterpolatedStringHandler(0, 1, in builder);
        handler.AppendFormatted(1, alignment);
        builder.Append(handler);
    }

    [Fact]
    public void Negative_counts_are_ArgumentOutOfRange_naming_the_parameter()
    {
        var builder = ValueStringBuilder.StartedForTests(new char[4], TrackedPoolAttribute.Current);
        builder.Append("ab");
        AssertParam("repeatCount", ref builder, (ref ValueStringBuilder b) => b.Append('x', -1));
        AssertParam("count", ref builder, (ref ValueStringBuilder b) => b.Insert(0, 'x', -1));
        AssertParam("length", ref builder, (ref ValueStringBuilder b) => b.AppendSpan(-1));
        AssertParam("index", ref builder, (ref ValueStringBuilder b) => b.Insert(3, 'x', 1));
        AssertParam("startIndex", ref builder, (ref ValueStringBuilder b) => b.Replace('a', 'b', 3, 0));
        AssertParam("count", ref builder, (ref ValueStringBuilder b) => b.Replace("a", "b", 1, 2));
        Assert.Equal("ab", builder.ToString());
        builder.Dispose();

        static void AssertParam(string name, ref ValueStringBuilder b, Request request)
        {
            try
            {
                request(ref b);
            }
            catch (ArgumentOutOfRangeException e)
            {
                Assert.Equal(name, e.ParamName);
                return;
            }

            Assert.Fail($"expected ArgumentOutOfRangeException for {name}");
        }
    }
}
