using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// A reader without a projection remembers the columns its rows ask for; a huge index past the line's end (a bug in
/// the caller, most likely) must not make it allocate offset arrays as long as the index.
/// </summary>
public sealed class TsvAskedColumnAllocationTests
{
    [Fact]
    public void A_huge_absent_column_asked_for_allocates_nothing_in_proportion_to_its_index()
    {
        using TsvFileReader reader = TsvFileReader.FromText("a\tb\tc\nd\te\tf\ng\th\ti\n");
        foreach (TsvRow row in reader)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            bool present = row.TryGetColumn(1 << 24, out _);
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.False(present);
            Assert.True(allocated < 64 * 1024, $"line {row.LineNumber}: {allocated} bytes allocated");
        }
    }
}
