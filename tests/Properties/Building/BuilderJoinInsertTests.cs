using System.Collections.Generic;
using System.Reflection;
using System.Text;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;
using static FastText.Tests.Building.ValueStringBuilderTestKit;

namespace FastText.Tests.Building;

/// <summary>
/// The char builder's StringBuilder-shaped members: AppendJoin over strings against string.Join (a lone
/// string joins as one element), Insert(index, value, count) against StringBuilder.Insert, and the indexer against
/// StringBuilder's, on generated inputs that include nulls, empty and long strings that outgrow a small start buffer.
/// These run on every runtime (net48 too), so the references are the APIs .NET Framework has: string.Join with a
/// string separator stands for the char one.
/// </summary>
[TrackedPool]
public class BuilderJoinInsertTests
{
    /// <summary>Join inputs: a string or char separator, the elements, and a start buffer.</summary>
    public static class JoinInputs
    {
        public static readonly Gen<string?> Elements = Gen.Frequency(
            (2, Gen.Constant<string?>(null)),
            (2, Gen.Constant<string?>(string.Empty)),
            (6, Gen.Elements<string?>("a", "Foo:", "é", "日本", "\U0001F600", "x y", "\uD800", "\uDC00", ",")),
            (1, Gen.Choose(100, 700).Select(n => (string?)new string('w', n))));

        public static Arbitrary<(string?, char, string?[], int)> Cases()
        {
            Gen<(string?, char, string?[], int)> cases =
                from separator in Gen.Elements<string?>(null, "", ",", ", ", " | ", "–", "\U0001F600")
                from charSeparator in Gen.Elements(',', ';', 'é', ' ')
                from count in Gen.Frequency((1, Gen.Constant(0)), (2, Gen.Constant(1)), (6, Gen.Choose(2, 12)))
                from values in Gen.ArrayOf(Elements, count)
                from buffer in Gen.Elements(0, 1, 8, 64)
                select (separator, charSeparator, values, buffer);
            return cases.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(JoinInputs)])]
    public void AppendJoin_of_strings_matches_string_Join((string?, char, string?[], int) input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (separator, charSeparator, values, buffer) = input;
            string expected = "<" + string.Join(separator, values) + ">";
            string expectedChar = "<" + string.Join(charSeparator.ToString(), values) + ">";
            Assert.Equal(expected, Build(buffer, (ref ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(separator, values); b.Append('>'); }));
            Assert.Equal(expected, Build(buffer, (ref ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(separator, new ReadOnlySpan<string?>(values)); b.Append('>'); }));
            Assert.Equal(expectedChar, Build(buffer, (ref ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(charSeparator, values); b.Append('>'); }));
            Assert.Equal(expectedChar, Build(buffer, (ref ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(charSeparator, new ReadOnlySpan<string?>(values)); b.Append('>'); }));
        });
    }

    [Fact]
    public void AppendJoin_calls_bind_to_what_string_Join_does_with_the_same_arguments()
    {
        var list = new List<string> { "x", "y", "z" };
        int[] numbers = { 1, -2, 30 };
        string?[] strings = { "p", null, "q" };
        object?[] objects = { 1, null, "o", 2.5 };
        using var culture = new InvariantCultureScope();

        // A lone string is one element (it bound to AppendJoin<char>(char, IEnumerable<char>) and gave "F,o,o,:").
        Assert.Equal(string.Join(",", "Foo:"), Build(0, (ref ValueStringBuilder b) => b.AppendJoin(',', "Foo:")));
        Assert.Equal(string.Join(", ", "Foo:"), Build(0, (ref ValueStringBuilder b) => b.AppendJoin(", ", "Foo:")));
        Assert.Equal(string.Join(",", "a", "b"), Build(0, (ref ValueStringBuilder b) => b.AppendJoin(',', "a", "b")));
        Assert.Equal(string.Join(", ", "a", "b"), Build(0, (ref ValueStringBuilder b) => b.AppendJoin(", ", "a", "b")));
        Assert.Equal(string.Join(", ", list), Build(0, (ref ValueStringBuilder b) => b.AppendJoin(", ", list)));
        Assert.Equal(string.Join(",", list), Build(0, (ref ValueStringBuilder b) => b.AppendJoin(',', list)));
        Assert.Equal(string.Join(",", numbers), Build(0, (ref ValueStringBuilder b) => b.AppendJoin(',', numbers)));
        Assert.Equal(string.Join(", ", numbers), Build(0, (ref ValueStringBuilder b) => b.AppendJoin(", ", numbers)));
        Assert.Equal(string.Join(",", strings), Build(0, (ref ValueStringBuilder b) => b.AppendJoin(',', strings)));
        Assert.Equal(string.Join(",", objects), Build(0, (ref ValueStringBuilder b) => b.AppendJoin(',', objects)));
        Assert.Equal(string.Join(",", 1, "a", null, 2.5), Build(0, (ref ValueStringBuilder b) => b.AppendJoin(',', 1, "a", null, 2.5)));
        Assert.Equal(string.Join(",", numbers), Build(0, (ref ValueStringBuilder b) => b.AppendJoin(',', numbers.AsSpan())));
        Assert.Equal(string.Join(",", (IEnumerable<char>)"abc"), Build(0, (ref ValueStringBuilder b) => b.AppendJoin(',', (IEnumerable<char>)"abc")));
    }

    [Fact]
    public void AppendJoin_rejects_a_null_array_by_name()
    {
        var builder = ValueStringBuilder.StartedForTests(new char[4], TrackedPoolAttribute.Current);
        try
        {
            Assert.Equal("values", CatchParam(ref builder, (ref ValueStringBuilder b) => b.AppendJoin(',', (string?[])null!)));
            Assert.Equal("values", CatchParam(ref builder, (ref ValueStringBuilder b) => b.AppendJoin(", ", (string?[])null!)));
        }
        finally
        {
            builder.Dispose();
        }
    }

    /// <summary>Insert inputs: start text, index (may be out of range), value (may be null), count (may be negative), start buffer.</summary>
    public static class InsertInputs
    {
        public static Arbitrary<(string, int, string?, int, int)> Cases()
        {
            Gen<(string, int, string?, int, int)> cases =
                from text in Gen.Elements("", "a", "hello", "héllo wörld", new string('t', 300))
                from index in Gen.Frequency((8, Gen.Choose(0, 12)), (1, Gen.Elements(-1, 300, 301, int.MaxValue, int.MinValue)))
                from value in Gen.Frequency((1, Gen.Constant<string?>(null)), (1, Gen.Constant<string?>("")), (6, Gen.Elements<string?>("x", "ab", "\U0001F600", "long value " + new string('v', 90))))
                from count in Gen.Frequency((8, Gen.Choose(0, 9)), (1, Gen.Elements(-1, int.MinValue)))
                from buffer in Gen.Elements(0, 1, 16, 512)
                select (text, Math.Min(index, index < 0 || index > 12 ? index : text.Length), value, count, buffer);
            return cases.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(InsertInputs)])]
    public void Insert_a_string_count_times_matches_StringBuilder((string, int, string?, int, int) input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (text, index, value, count, buffer) = input;
            string expected = Result(() => new StringBuilder(text).Insert(index, value, count).ToString());
            string actual = Result(() => Build(buffer, (ref ValueStringBuilder b) =>
            {
                b.Append(text);
                b.Insert(index, value, count);
            }));
            Assert.Equal(expected, actual);
        });
    }

    [Fact]
    public void Insert_past_the_length_or_with_a_negative_count_names_the_argument_and_changes_nothing()
    {
        var builder = ValueStringBuilder.StartedForTests(new char[64], TrackedPoolAttribute.Current);
        try
        {
            builder.Append("abc");
            Assert.Equal("index", CatchParam(ref builder, (ref ValueStringBuilder b) => b.Insert(4, "x", 1)));
            Assert.Equal("index", CatchParam(ref builder, (ref ValueStringBuilder b) => b.Insert(-1, "x", 1)));
            // Within the capacity but past the written chars is still out of range.
            Assert.Equal("index", CatchParam(ref builder, (ref ValueStringBuilder b) => b.Insert(10, null, 0)));
            Assert.Equal("count", CatchParam(ref builder, (ref ValueStringBuilder b) => b.Insert(0, "x", -1)));
            // StringBuilder checks the count first.
            Assert.Equal("count", CatchParam(ref builder, (ref ValueStringBuilder b) => b.Insert(99, "x", -1)));
            Assert.Equal("abc", builder.ToString());
            Assert.Throws<OutOfMemoryException>(() => InsertHuge());
        }
        finally
        {
            builder.Dispose();
        }

        static void InsertHuge()
        {
            var b = ValueStringBuilder.StartedForTests(new char[4], TrackedPoolAttribute.Current);
            try
            {
                b.Insert(0, "abcd", int.MaxValue);
            }
            finally
            {
                b.Dispose();
            }
        }
    }

    /// <summary>Indexer inputs: text, a list of (index, char) writes, start buffer.</summary>
    public static class IndexerInputs
    {
        public static Arbitrary<(string, (int, char)[], int)> Cases()
        {
            Gen<(string, (int, char)[], int)> cases =
                from text in Gen.Elements("", "a", "hello", new string('t', 200) + "é")
                from writes in Gen.ArrayOf(
                    from index in Gen.Frequency((6, Gen.Choose(0, 205)), (1, Gen.Elements(-1, int.MaxValue, int.MinValue)))
                    from c in Gen.Elements('x', 'é', '\uD800', '\0')
                    select (index, c))
                from buffer in Gen.Elements(0, 1, 8, 256)
                select (text, writes, buffer);
            return cases.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(IndexerInputs)])]
    public void Indexer_reads_and_writes_as_StringBuilder_and_never_past_the_length((string, (int, char)[], int) input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (text, writes, buffer) = input;
            var reference = new StringBuilder(text);
            var builder = ValueStringBuilder.StartedForTests(new char[buffer], TrackedPoolAttribute.Current);
            try
            {
                builder.Append(text);
                foreach (var (index, c) in writes)
                {
                    bool inRange = index >= 0 && index < reference.Length;
                    string? readError = CatchParam(ref builder, (ref ValueStringBuilder b) => _ = b[index]);
                    string? writeError = CatchParam(ref builder, (ref ValueStringBuilder b) => b[index] = c);
                    if (inRange)
                    {
                        Assert.Null(readError);
                        Assert.Null(writeError);
                        reference[index] = c;
                        Assert.Equal(reference[index], builder[index]);
                    }
                    else
                    {
                        Assert.Equal("index", readError);
                        Assert.Equal("index", writeError);
                        Assert.Throws<ArgumentOutOfRangeException>(() => reference[index] = c);
                    }

                    Assert.Equal(reference.ToString(), builder.ToString());
                }
            }
            finally
            {
                builder.Dispose();
            }
        });
    }

    private sealed class InvariantCultureScope : IDisposable
    {
        private readonly System.Globalization.CultureInfo _saved = System.Globalization.CultureInfo.CurrentCulture;

        public InvariantCultureScope() => System.Globalization.CultureInfo.CurrentCulture = System.Globalization.CultureInfo.InvariantCulture;

        public void Dispose() => System.Globalization.CultureInfo.CurrentCulture = _saved;
    }

    private static string Result(Func<string> produce)
    {
        try
        {
            return produce();
        }
        catch (ArgumentOutOfRangeException e)
        {
            return "threw ArgumentOutOfRangeException " + e.ParamName;
        }
        catch (OutOfMemoryException)
        {
            return "threw OutOfMemoryException";
        }
    }

    /// <summary>The ParamName of the ArgumentException <paramref name="step"/> throws, or null when it does not throw.</summary>
    private static string? CatchParam(ref ValueStringBuilder builder, Appender step)
    {
        try
        {
            step(ref builder);
            return null;
        }
        catch (ArgumentException e)
        {
            return e.ParamName;
        }
    }
}
