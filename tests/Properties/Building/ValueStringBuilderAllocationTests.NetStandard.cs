using Xunit;

namespace FastText.Tests.Building;

public partial class ValueStringBuilderAllocationTests
{
    // netstandard2.0 formats float, double and decimal through ToString (documented), so the mix leaves them out.
    private static void AppendTargetSpecificMix(ref ValueStringBuilder b) => b.Append('.');

    [Fact]
    public void Floating_point_falls_back_to_ToString_on_netstandard20()
    {
        var builder = new ValueStringBuilder(stackalloc char[64]);
        builder.Append(0.1);
        long before = GC.GetAllocatedBytesForCurrentThread();
        builder.Append(0.1);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.Equal("0.10.1", builder.ToString());
        Assert.True(allocated > 0, "documented: double formats through ToString on netstandard2.0");
        builder.Dispose();
    }
}
