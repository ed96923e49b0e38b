using System.Globalization;
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

    /// <summary>
    /// The ToString fallback costs the value's text and nothing more: on Mono a generic value type tested for string
    /// or called through IFormattable was boxed (24 more bytes per double) until the builder stopped doing either.
    /// </summary>
    [Fact]
    public void Floating_point_allocates_its_text_and_no_box_on_netstandard20()
    {
        long text = FloatingPointTextAllocation();

        Assert.True(text > 0);
        Assert.Equal(FloatingPointTexts(), AppendFloatingPoint());
        Assert.Equal(text, SteadyStateAllocation(AppendFloatingPoint, text));
    }

    /// <summary>The UTF-8 builder's ToString fallback, likewise: the text and nothing more.</summary>
    [Fact]
    public void Utf8_builder_floating_point_allocates_its_text_and_no_box_on_netstandard20()
    {
        long text = FloatingPointTextAllocation();

        Assert.Equal(FloatingPointTexts(), AppendFloatingPointUtf8());
        Assert.Equal(text, SteadyStateAllocation(AppendFloatingPointUtf8, text));
    }

    private static int AppendFloatingPointUtf8()
    {
        var builder = new Utf8ValueStringBuilder(stackalloc byte[64]);
        builder.Append(12.3456, "F2", CultureInfo.InvariantCulture);
        builder.Append(1.5f, null, CultureInfo.InvariantCulture);
        builder.Append(7.25m, "N1", CultureInfo.InvariantCulture);
        int length = builder.Length;
        builder.Dispose();
        return length;
    }

    /// <summary>What the same ToString calls allocate by themselves (the least of three runs after a warm-up).</summary>
    private static long FloatingPointTextAllocation()
    {
        FloatingPointTexts();
        long text = long.MaxValue;
        for (int i = 0; i < 3; i++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            FloatingPointTexts();
            text = Math.Min(text, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        return text;
    }

    private static int FloatingPointTexts() =>
        12.3456.ToString("F2", CultureInfo.InvariantCulture).Length + 1.5f.ToString(CultureInfo.InvariantCulture).Length
        + 7.25m.ToString("N1", CultureInfo.InvariantCulture).Length;

    private static int AppendFloatingPoint()
    {
        var builder = new ValueStringBuilder(stackalloc char[64]);
        builder.Append(12.3456, "F2", CultureInfo.InvariantCulture);
        builder.Append(1.5f, null, CultureInfo.InvariantCulture);
        builder.Append(7.25m, "N1", CultureInfo.InvariantCulture);
        int length = builder.Length;
        builder.Dispose();
        return length;
    }
}
