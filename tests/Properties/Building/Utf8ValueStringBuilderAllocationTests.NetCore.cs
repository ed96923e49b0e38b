using System.Buffers;
using System.Globalization;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>Only the caller's buffer (or writer) is touched: 0 bytes allocated once the code is optimized.</summary>
[Collection(nameof(ValueStringBuilderAllocationCollection))]
public class Utf8ValueStringBuilderAllocationTests
{
    private static readonly DateTime Time = new(2026, 11, 22, 3, 4, 5, 678, DateTimeKind.Utc);
    private static readonly Guid Id = new("0f8fad5b-d9cb-469f-a165-70867728950e");
    private static readonly ArrayBufferWriter<byte> Writer = new(4096);

    [Fact]
    public void A_log_line_into_a_big_enough_stack_buffer_allocates_nothing()
    {
        WithInvariantCulture(() =>
        {
            Assert.Equal(Encoding.UTF8.GetByteCount(Reference()), OnStack());
            Assert.Equal(0, SteadyStateAllocation(OnStack));
        });
    }

    [Fact]
    public void A_log_line_into_a_warm_ArrayBufferWriter_allocates_nothing()
    {
        WithInvariantCulture(() =>
        {
            Assert.Equal(Encoding.UTF8.GetByteCount(Reference()), IntoWriter());
            Assert.Equal(Reference(), Encoding.UTF8.GetString(Writer.WrittenSpan.ToArray()));
            Assert.Equal(0, SteadyStateAllocation(IntoWriter));
        });
    }

    [Fact]
    public void A_log_line_that_outgrows_its_stack_buffer_allocates_nothing_once_the_pool_is_warm()
    {
        // Growth rents from ArrayPool<byte>.Shared, stamps the array (the per-thread stamp sequence) and returns it.
        WithInvariantCulture(() =>
        {
            Assert.Equal(Encoding.UTF8.GetByteCount(Reference()), Outgrowing());
            Assert.Equal(0, SteadyStateAllocation(Outgrowing));
        });
    }

    private static string Reference() =>
        string.Format(CultureInfo.InvariantCulture, "user {0} did {1} in {2} ms at {3:O} (request {4}) é€😀 {5:X8}", 42, "login", 1234567L, Time, Id, 255u);

    private static int OnStack()
    {
        var builder = new Utf8ValueStringBuilder(stackalloc byte[512]);
        builder.Append($"user {42} did {"login"} in {1234567L} ms at {Time:O} (request {Id}) é€😀 {255u:X8}");
        int length = builder.Length;
        builder.Dispose();
        return length;
    }

    private static int Outgrowing()
    {
        var builder = new Utf8ValueStringBuilder(stackalloc byte[16]);
        builder.Append($"user {42} did {"login"} in {1234567L} ms at {Time:O} (request {Id}) é€😀 {255u:X8}");
        int length = builder.Length;
        builder.Dispose();
        return length;
    }

    private static int IntoWriter()
    {
        Writer.ResetWrittenCount();
        var builder = new Utf8ValueStringBuilder(Writer);
        builder.Append("user ");
        builder.Append(42);
        builder.Append($" did {"login"} in {1234567L} ms at {Time:O} (request {Id}) é€😀 {255u:X8}");
        builder.Dispose();
        return Writer.WrittenCount;
    }

    private static void WithInvariantCulture(Action action)
    {
        CultureInfo saved = CultureInfo.CurrentCulture;
        CultureInfo.CurrentCulture = CultureInfo.InvariantCulture;
        try
        {
            action();
        }
        finally
        {
            CultureInfo.CurrentCulture = saved;
        }
    }

    /// <summary>Repeats until the tiered JIT has optimized the generic formatting (tier 0 keeps boxes); the last run's count.</summary>
    private static long SteadyStateAllocation(Func<int> run) => ValueStringBuilderAllocationTests.SteadyStateAllocation(run);
}
