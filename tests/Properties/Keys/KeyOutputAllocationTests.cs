using FastText.Tests.Ascii;
using Xunit;

namespace FastText.Tests.Keys;

/// <summary>The span and UTF-8 outputs allocate nothing; the new part kinds keep Build at exactly the key.</summary>
public class KeyOutputAllocationTests
{
    private enum Region
    {
        Eu,
        Us,
    }

    private static readonly KeyShape<int, long, bool, Region, char, Guid> Shape = KeyShape.Format(
        "v{0:D8}/id{1:x16}/{2}/{3}/{4}/{5:N}",
        KeyPart.Int32("version"), KeyPart.Int64("id"), KeyPart.Boolean("flag"), KeyPart.Enum<Region>("region", lowerCase: true),
        KeyPart.Char("c"), KeyPart.Guid("g"));

    private static readonly Guid Id = new("0f8fad5b-d9cb-469f-a165-70867728950e");

    private static long Allocated(Action action)
    {
        action();
        action();
        long before = GC.GetAllocatedBytesForCurrentThread();
        action();
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }

    [Fact]
    public void TryFormat_TryFormatUtf8_and_WriteUtf8_allocate_nothing()
    {
        char[] chars = new char[256];
        byte[] bytes = new byte[256];
        var writer = new TestBufferWriter<byte>();
        writer.GetSpan(100_000);

        Assert.Equal(0, Allocated(() => Shape.TryFormat(42, 255, true, Region.Us, 'x', Id, chars, out _)));
        Assert.Equal(0, Allocated(() => Shape.TryFormatUtf8(42, 255, true, Region.Us, 'x', Id, bytes, out _)));
        Assert.Equal(0, Allocated(() => Shape.WriteUtf8(42, 255, true, Region.Us, 'x', Id, writer)));

        // Long keys borrow from the pool and return it: still nothing allocated once the pool has the array.
        KeyShape<string?> longShape = KeyShape.Join("/", KeyPart.Text("t", KeyTextRules.None.ToLowerInvariant()));
        string longText = new('X', 5000);
        byte[] longBytes = new byte[6000];
        Assert.Equal(0, Allocated(() => longShape.TryFormatUtf8(longText, longBytes, out _)));
    }

    [Fact]
    public void Build_with_formats_bool_enum_and_char_parts_allocates_only_the_key()
    {
        string key = Shape.Build(42, 255, true, Region.Us, 'x', Id);
        Assert.Equal("v00000042/id00000000000000ff/true/us/x/0f8fad5bd9cb469fa16570867728950e", key);

        long expected = Allocated(() => GC.KeepAlive(new string('k', key.Length)));
        Assert.Equal(expected, Allocated(() => GC.KeepAlive(Shape.Build(42, 255, true, Region.Us, 'x', Id))));
    }
}
