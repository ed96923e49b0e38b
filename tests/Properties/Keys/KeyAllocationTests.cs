using Xunit;

namespace FastText.Tests.Keys;

/// <summary>A build allocates exactly its key: the bytes counted equal those of a string of the same length.</summary>
[Collection(nameof(FastText.Tests.Building.ValueStringBuilderAllocationCollection))]
public class KeyAllocationTests
{
    private static readonly Guid MessageId = new("0f8fad5b-d9cb-469f-a165-70867728950e");

    private static long BytesOfAString(int length)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        string reference = new('x', length);
        long after = GC.GetAllocatedBytesForCurrentThread();
        GC.KeepAlive(reference);
        return after - before;
    }

    private static void AssertOnlyTheKeyIsAllocated(Func<string> build)
    {
        // Warm up: JIT, static delegates, and (netstandard2.0, long keys) the pooled buffer.
        build();
        build();

        // A GC during the measurement retires this thread's allocation context and shifts the counter by its unused
        // remainder (seen: -8 KB around a 200 KB key on the large object heap), so measure inside a no-GC region, and
        // measure again when a collection (another class's GC.Collect) ended the region early.
        long before, after;
        string key;
        int attempts = 0;
        while (true)
        {
            bool noGcRegion = Infrastructure.NoGCRegion.TryStart(32 * 1024 * 1024);
            bool intact = true;
            try
            {
                before = GC.GetAllocatedBytesForCurrentThread();
                key = build();
                after = GC.GetAllocatedBytesForCurrentThread();
            }
            finally
            {
                if (noGcRegion)
                {
                    intact = Infrastructure.NoGCRegion.End();
                }
            }

            if (intact || ++attempts == 5)
            {
                break;
            }
        }

        Assert.Equal(BytesOfAString(key.Length), after - before);
    }

    [Fact]
    public void The_context_example_allocates_192_bytes_on_x64()
    {
        Func<string> build = () => KeyExamples.S3ObjectKey.Build("My Product", "Site Key", "My Event", new DateTime(2019, 4, 11, 2, 0, 0), MessageId);
        build();
        long before = GC.GetAllocatedBytesForCurrentThread();
        string key = build();
        long after = GC.GetAllocatedBytesForCurrentThread();

        Assert.Equal(84, key.Length);
        if (IntPtr.Size == 8)
        {
            Assert.Equal(192, after - before);
        }
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(60)]
    [InlineData(200)]
    [InlineData(480)]
    [InlineData(520)]
    [InlineData(900)]
    public void Keys_up_to_a_thousand_chars_allocate_only_themselves(int partLength)
    {
        string part = new string('A', partLength / 2) + new string(' ', partLength - (partLength / 2));
        string invalid = new('-', partLength);
        AssertOnlyTheKeyIsAllocated(() => KeyExamples.S3ObjectKey.Build(part, "Site Key", "x", null, MessageId));
        AssertOnlyTheKeyIsAllocated(() => KeyExamples.S3ObjectKey.Build(part, invalid, part, new DateTime(2020, 1, 2), MessageId));
        AssertOnlyTheKeyIsAllocated(() => KeyExamples.CacheKey.Build(part, MessageId, partLength));
    }

    [Fact]
    public void Non_ascii_text_lowering_allocates_only_the_key()
    {
        KeyShape<string?, long> shape = KeyShape.Join("/", KeyPart.Text("t", KeyTextRules.None.ToLowerInvariant().ReplaceWhitespace('_', KeyWhitespace.All)), KeyPart.Int64("n"));
        string text = "Stra\u00DFe \u00C9T\u00C9 \u03A3\u0399\u03A3\u03A5\u03A6\u039F\u03A3 \u0130stanbul\u3000Tokyo";
        AssertOnlyTheKeyIsAllocated(() => shape.Build(text, long.MinValue));
    }

    [Fact]
    public void A_hundred_thousand_char_key_allocates_only_itself()
    {
        string part = string.Concat(Enumerable.Repeat("Big Part 42 ", 100_000 / 12)) + "tail";
        string key = KeyExamples.S3ObjectKey.Build(part, "s", "e", null, MessageId);
        Assert.True(key.Length >= 100_000);

        AssertOnlyTheKeyIsAllocated(() => KeyExamples.S3ObjectKey.Build(part, "s", "e", null, MessageId));
        AssertOnlyTheKeyIsAllocated(() => KeyExamples.CacheKey.Build(part, MessageId, 7));
    }
}
