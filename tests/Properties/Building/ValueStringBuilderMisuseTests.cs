using System.Reflection;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;
using H = FastText.ValueStringBuilder.AppendInterpolatedStringHandler;

namespace FastText.Tests.Building;

/// <summary>
/// Misuse from safe code (issue #10): a hole that changes its own builder, a handler completed into the wrong
/// builder or twice, spans into the builder's own buffer passed back to it, use after Dispose. None may write
/// into memory the builder no longer owns, read a returned array, or return an array twice. Every test here ran
/// red before the fix it names.
/// </summary>
[TrackedPool]
public class ValueStringBuilderMisuseTests
{
    private static readonly string Long = new('L', 300);

    // Defect 1 (runtime half): before the fix the draft kept writing into the array the builder had just
    // returned to the pool (the pool's poison check failed).
    [Fact]
    [LeavesArraysToTheGc]
    public void A_hole_that_grows_its_builder_throws_and_never_writes_into_a_returned_array()
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(0, pool);
        builder.Append("start");
        bool threw = false;
        try
        {
            builder.Append($"{1}{GrowBuilder(ref builder)}xyz{Long}");
        }
        catch (InvalidOperationException)
        {
            threw = true;
        }

        Assert.True(threw);
        pool.AssertNoWriteAfterReturn();
        Assert.Equal("start" + new string('g', 2000), builder.ToString());
        builder.Append("more");
        builder.Dispose();
        pool.AssertNoWriteAfterReturn();

        static int GrowBuilder(ref ValueStringBuilder b)
        {
            b.Append('g', 2000);
            return 0;
        }
    }

    // Defect 1: before the fix, builder B took the text of a handler made for builder A.
    [Fact]
    public void Completing_a_handler_into_another_builder_throws()
    {
        var a = ValueStringBuilder.StartedForTests(new char[64], TrackedPoolAttribute.Current);
        var b = ValueStringBuilder.StartedForTests(new char[64], TrackedPoolAttribute.Current);
        a.Append("a:");
        b.Append("b:");
        var handler = new H(0, 1, in a);
        handler.AppendFormatted(42);
        bool threw = false;
        try
        {
            b.Append(handler);
        }
        catch (InvalidOperationException)
        {
            threw = true;
        }

        Assert.True(threw);
        Assert.Equal("b:", b.ToString());
        a.Append(handler);
        Assert.Equal("a:42", a.ToString());
        a.Dispose();
        b.Dispose();
    }

    [Fact]
    public void Completing_a_handler_twice_throws()
    {
        var builder = ValueStringBuilder.StartedForTests(new char[8], TrackedPoolAttribute.Current);
        var handler = new H(0, 1, in builder);
        handler.AppendFormatted(Long);
        builder.Append(handler);
        bool threw = false;
        try
        {
            builder.Append(handler);
        }
        catch (InvalidOperationException)
        {
            threw = true;
        }

        Assert.True(threw);
        Assert.Equal(Long, builder.ToString());
        builder.Dispose();
    }

    public delegate void SelfAppend(ref ValueStringBuilder builder);

    /// <summary>Every overload that takes chars, given chars from the builder itself, and what a string model writes.</summary>
    public static IEnumerable<(string Name, SelfAppend Act, Func<string, string> Model)> SelfAppends()
    {
        yield return ("Append(AsSpan())", (ref ValueStringBuilder b) => b.Append(b.AsSpan()), s => s + s);
        yield return ("Append(AsSpan(1))", (ref ValueStringBuilder b) => b.Append(b.AsSpan(Math.Min(1, b.Length))), s => s + s.Substring(Math.Min(1, s.Length)));
        yield return ("AppendLine(AsSpan())", (ref ValueStringBuilder b) => b.AppendLine(b.AsSpan()), s => s + s + Environment.NewLine);
        yield return ("Insert(0, AsSpan())", (ref ValueStringBuilder b) => b.Insert(0, b.AsSpan()), s => s + s);
        yield return ("Insert(mid, AsSpan())", (ref ValueStringBuilder b) => b.Insert(b.Length / 2, b.AsSpan()), s => s.Insert(s.Length / 2, s));
        yield return ("Insert(1, AsSpan(0, half))", (ref ValueStringBuilder b) => b.Insert(Math.Min(1, b.Length), b.AsSpan(0, b.Length / 2)), s => s.Insert(Math.Min(1, s.Length), s.Substring(0, s.Length / 2)));
        yield return ("AppendJoin(',', AsSpan())", (ref ValueStringBuilder b) => b.AppendJoin(',', b.AsSpan()), s => s + string.Join(",", s.ToCharArray()));
        yield return ("AppendJoin(\", \", AsSpan())", (ref ValueStringBuilder b) => b.AppendJoin(", ", b.AsSpan()), s => s + string.Join(", ", s.ToCharArray()));
        yield return ("Append($\"{AsSpan()}\")", (ref ValueStringBuilder b) => b.Append($"[{b.AsSpan()}]{b.AsSpan()}"), s => s + "[" + s + "]" + s);
        yield return ("Replace(first 2, all)", (ref ValueStringBuilder b) =>
        {
            if (b.Length >= 2)
            {
                b.Replace(b.AsSpan(0, 2), b.AsSpan());
            }
        }, s => s.Length >= 2 ? s.Replace(s.Substring(0, 2), s) : s);
    }

    /// <summary>A self-append case (an index into <see cref="SelfAppends"/>), a start buffer and a text of up to 400 chars.</summary>
    public static class SelfAppendInputs
    {
        public static Arbitrary<(int Case, int Buffer, string Text)> Inputs()
        {
            Gen<(int Case, int Buffer, string Text)> inputs =
                from c in Gen.Choose(0, SelfAppends().Count() - 1)
                from buffer in Gen.Elements(0, 1, 8, 255, 256, 600)
                from length in Gen.Choose(0, 400)
                select (c, buffer, new string(Enumerable.Range(0, length).Select(i => (char)('a' + ((i * 7) % 26))).ToArray()));
            return inputs.ToArbitrary();
        }
    }

    // Defect 2: before the fix Append/AppendLine/AppendJoin read the returned (poisoned) array after growing,
    // and Insert/Replace read chars they had already moved.
    [FastTextProperty(Arbitrary = [typeof(SelfAppendInputs)])]
    public void Chars_from_the_builder_itself_are_copied_before_the_old_array_is_returned((int Case, int Buffer, string Text) input)
    {
        (string Name, SelfAppend Act, Func<string, string> Model)[] cases = SelfAppends().ToArray();

        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (name, act, model) = cases[input.Case];
            var pool = new RecordingArrayPool();
            var builder = input.Buffer == 600 ? new ValueStringBuilder(input.Buffer, pool) : new ValueStringBuilder(new char[input.Buffer], pool);
            builder.Append(input.Text);
            act(ref builder);
            string built = builder.ToString();
            builder.Dispose();
            Assert.True(model(input.Text) == built, $"{name} over {input.Text.Length} chars in a {input.Buffer}-char buffer gave {built}");
            pool.AssertNoWriteAfterReturn();
            Assert.Equal(0, pool.Outstanding);
        });
    }

    [Fact]
    public void Every_self_append_case_grows_at_least_once_somewhere()
    {
        // Guards the property above against testing only the no-growth path.
        foreach (var (name, act, _) in SelfAppends())
        {
            var pool = new RecordingArrayPool();
            var builder = new ValueStringBuilder(new char[250], pool);
            builder.Append(new string('x', 200));
            act(ref builder);
            builder.Dispose();
            Assert.True(pool.Rents > 0 || name.StartsWith("Replace", StringComparison.Ordinal), name);
        }
    }

    [Fact]
    public void Use_after_Dispose_starts_over_without_touching_the_returned_array()
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(0, pool);
        builder.Append(Long);
        builder.Dispose();
        Assert.Equal(0, builder.Length);
        Assert.Equal(0, builder.Capacity);
        Assert.Equal(string.Empty, builder.ToString());
        builder.Append($"{1}{Long}");
        builder.Insert(0, 'x', 3);
        builder.Replace("xxx", "y");
        Assert.Equal("y1" + Long, builder.ToString());
        builder.Dispose();
        builder.Dispose();
        pool.AssertNoWriteAfterReturn();
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void A_copy_that_is_used_instead_of_the_original_is_safe()
    {
        // Copying is documented misuse when BOTH copies are used; using only the copy from then on is fine.
        var pool = new RecordingArrayPool();
        var original = new ValueStringBuilder(0, pool);
        original.Append("abc");
        ValueStringBuilder copy = original;
        copy.Append(Long);
        Assert.Equal("abc" + Long, copy.ToString());
        copy.Dispose();
        pool.AssertNoWriteAfterReturn();
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void Pinning_gives_the_first_char_of_the_text()
    {
        var builder = ValueStringBuilder.StartedForTests(new char[4], TrackedPoolAttribute.Current);
        unsafe
        {
            fixed (char* empty = builder)
            {
                Assert.True(empty != null); // a 4-char buffer, nothing written yet
            }
        }

        builder.Append("hello");
        unsafe
        {
            fixed (char* text = builder)
            {
                Assert.Equal("hello", new string(text, 0, builder.Length));
            }
        }

        builder.Dispose();
        unsafe
        {
            fixed (char* none = builder)
            {
                Assert.True(none == null);
            }
        }
    }
}
