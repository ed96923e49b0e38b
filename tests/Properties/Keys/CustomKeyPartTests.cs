using Xunit;

namespace FastText.Tests.Keys;

/// <summary>User-defined part types: the measure and write steps are checked against each other on every build.</summary>
public class CustomKeyPartTests
{
    /// <summary>A well-behaved part: a point as "x,y".</summary>
    private sealed class PointPart : CustomKeyPart<(int X, int Y)>
    {
        public PointPart(string name)
            : base(name)
        {
        }

        protected override int MeasureValue((int X, int Y) value) => Text(value).Length;

        protected override int WriteValue((int X, int Y) value, Span<char> destination)
        {
            string text = Text(value);
            text.AsSpan().CopyTo(destination);
            return text.Length;
        }

        private static string Text((int X, int Y) value) => value.X + "," + value.Y;
    }

    /// <summary>A part whose steps disagree in a chosen way.</summary>
    private sealed class LyingPart : CustomKeyPart<int>
    {
        private readonly int _measured;
        private readonly int _reported;
        private readonly int _actuallyWritten;

        public LyingPart(int measured, int reported, int actuallyWritten)
            : base("liar")
        {
            _measured = measured;
            _reported = reported;
            _actuallyWritten = actuallyWritten;
        }

        protected override int MeasureValue(int value) => _measured;

        protected override int WriteValue(int value, Span<char> destination)
        {
            destination.Slice(0, Math.Min(_actuallyWritten, destination.Length)).Fill('w');
            if (_actuallyWritten > destination.Length)
            {
                destination[_actuallyWritten - 1] = 'w'; // the span's bounds stop it
            }

            return _reported;
        }
    }

    /// <summary>Writes nothing, yet says it wrote the whole span.</summary>
    private sealed class SilentPart : CustomKeyPart<int>
    {
        public SilentPart()
            : base("silent")
        {
        }

        protected override int MeasureValue(int value) => value;

        protected override int WriteValue(int value, Span<char> destination) => destination.Length;
    }

    // The UTF-8 key and the netstandard2.0 string key are composed in stack buffers that are not zero-initialized
    // (SkipLocalsInit): a part that skips its chars must still leak nothing of the stack or of the caller's buffer.
    [Fact]
    public void A_part_that_writes_nothing_but_reports_its_length_leaks_no_earlier_content()
    {
        KeyShape<int> shape = KeyShape.Format("<{0}>", new SilentPart());
        string expected = "<" + new string('\0', 40) + ">";

        DirtyTheStack();
        Assert.Equal(expected, shape.Build(40));

        char[] chars = new string('Q', 64).ToCharArray();
        Assert.True(shape.TryFormat(40, chars, out int charsWritten));
        Assert.Equal(expected, new string(chars, 0, charsWritten));

        byte[] bytes = Enumerable.Repeat((byte)'Q', 64).ToArray();
        DirtyTheStack();
        Assert.True(shape.TryFormatUtf8(40, bytes, out int bytesWritten));
        Assert.Equal(expected, Encoding.UTF8.GetString(bytes, 0, bytesWritten));

        var writer = new FastText.Tests.Ascii.TestBufferWriter<byte>();
        DirtyTheStack();
        shape.WriteUtf8(40, writer);
        Assert.Equal(expected, Encoding.UTF8.GetString(writer.WrittenSpan.ToArray()));
    }

    /// <summary>Leaves 'Z's on the stack below this frame, where the next call's stack buffer is likely to lie.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static int DirtyTheStack()
    {
        Span<char> junk = stackalloc char[1024];
        junk.Fill('Z');
        return junk[1023];
    }

    [Fact]
    public void A_custom_part_builds_like_a_library_part()
    {
        KeyShape<(int X, int Y), int> shape = KeyShape.Format("p={0};n={1}", new PointPart("point"), KeyPart.Int32("n"));

        Assert.Equal("p=3,-4;n=5", shape.Build((3, -4), 5));
        char[] buffer = new char[32];
        Assert.True(shape.TryFormat((3, -4), 5, buffer, out int written));
        Assert.Equal("p=3,-4;n=5", new string(buffer, 0, written));
    }

    [Theory]
    [InlineData(4, 3, 3)] // wrote and reported fewer
    [InlineData(4, 5, 4)] // reported more
    [InlineData(4, 4, 6)] // tried to write past its span
    [InlineData(0, -1, 0)]
    public void Steps_that_disagree_throw_naming_the_part_on_every_output(int measured, int reported, int actuallyWritten)
    {
        KeyShape<int, int> shape = KeyShape.Join("/", new LyingPart(measured, reported, actuallyWritten), KeyPart.Int32("n"));

        AssertNamesTheLiar(Assert.ThrowsAny<Exception>(() => shape.Build(1, 2)));
        AssertNamesTheLiar(Assert.ThrowsAny<Exception>(() => shape.TryFormat(1, 2, new char[64], out _)));
        AssertNamesTheLiar(Assert.ThrowsAny<Exception>(() => shape.TryFormatUtf8(1, 2, new byte[64], out _)));
        AssertNamesTheLiar(Assert.ThrowsAny<Exception>(() => shape.WriteUtf8(1, 2, new FastText.Tests.Ascii.TestBufferWriter<byte>())));
    }

    private static void AssertNamesTheLiar(Exception e)
    {
        // Writing past the span is stopped by the span itself (IndexOutOfRangeException); every other disagreement
        // is reported by the library.
        if (e is not IndexOutOfRangeException)
        {
            Assert.IsType<InvalidOperationException>(e);
            Assert.Contains("'liar'", e.Message, StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(-2)]
    [InlineData(int.MaxValue)]
    [InlineData(KeyLayout.MaxKeyLength + 1)]
    public void A_measure_out_of_range_throws_before_anything_is_allocated(int measured)
    {
        KeyShape<int> shape = KeyShape.Join("/", new LyingPart(measured, measured, 0));

        InvalidOperationException e = Assert.Throws<InvalidOperationException>(() => shape.Build(1));
        Assert.Contains("'liar'", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Custom_parts_sum_to_a_too_long_key_with_a_clear_exception()
    {
        var half = new LyingPart(KeyLayout.MaxKeyLength / 2 + 1, 0, 0);
        KeyShape<int, int> shape = KeyShape.Join("/", half, half);

        ArgumentException e = Assert.ThrowsAny<ArgumentException>(() => shape.Build(1, 2));
        Assert.Equal("liar", e.ParamName);
    }

    [Fact]
    public void Lengths_that_sum_past_int_MaxValue_throw_at_every_arity_and_through_nesting()
    {
        // Each part claims the longest key there is: the running 64-bit total passes the limit at part 2 (or at the
        // prefix for one part), and the exception names that part; nothing is allocated at the bogus length.
        var huge = new LyingPart(KeyLayout.MaxKeyLength, 0, 0);
        ArgumentException e;
        e = Assert.ThrowsAny<ArgumentException>(() => KeyShape.Join("/", huge, prefix: "p").Build(1));
        Assert.Equal("liar", e.ParamName);
        e = Assert.ThrowsAny<ArgumentException>(() => KeyShape.Join("/", huge, huge).Build(1, 2));
        Assert.Equal("liar", e.ParamName);
        e = Assert.ThrowsAny<ArgumentException>(() => KeyShape.Format("{0}{1}{2}", huge, huge, huge).Build(1, 2, 3));
        Assert.Equal("liar", e.ParamName);
        e = Assert.ThrowsAny<ArgumentException>(() => KeyShape.Join("/", huge, huge, huge, huge).TryFormat(1, 2, 3, 4, new char[8], out _));
        Assert.Equal("liar", e.ParamName);
        e = Assert.ThrowsAny<ArgumentException>(() => KeyShape.Join("/", huge, huge, huge, huge, huge).TryFormatUtf8(1, 2, 3, 4, 5, new byte[8], out _));
        Assert.Equal("liar", e.ParamName);
        e = Assert.ThrowsAny<ArgumentException>(() => KeyShape.Join("/", huge, huge, huge, huge, huge, huge).WriteUtf8(1, 2, 3, 4, 5, 6, new FastText.Tests.Ascii.TestBufferWriter<byte>()));
        Assert.Equal("liar", e.ParamName);

        // The longest key a part may claim, plus one literal char: just over the limit.
        var longest = new LyingPart(KeyLayout.MaxKeyLength - 1, 0, 0);
        var one = new LyingPart(1, 1, 1);
        e = Assert.ThrowsAny<ArgumentException>(() => KeyShape.Join("/", longest, one).Build(1, 2));
        Assert.Equal("liar", e.ParamName);

        // A nested shape whose own total is legal, inside an outer shape that passes the limit with it.
        KeyPart<(int, int)> nested = KeyPart.Shape("inner", KeyShape.Join("", new LyingPart(KeyLayout.MaxKeyLength / 2, 0, 0), new LyingPart(KeyLayout.MaxKeyLength / 2, 0, 0)));
        e = Assert.ThrowsAny<ArgumentException>(() => KeyShape.Join("/", nested, nested).Build((1, 2), (3, 4)));
        Assert.Equal("inner", e.ParamName);
    }
}
