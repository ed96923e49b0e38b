using System.Collections;
using System.Collections.ObjectModel;
using System.Globalization;
using System.Reflection;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// AppendJoin (both builders) and the one-call Join of collections passed as <see cref="IEnumerable{T}"/>: arrays,
/// <see cref="List{T}"/> and <see cref="HashSet{T}"/> (read without an enumerator object), a class derived from
/// <see cref="List{T}"/> that re-implements <see cref="IEnumerable{T}"/> (which must be enumerated through that), a
/// read-only collection and an iterator, against the naive reference (enumerate, write each item's text with the
/// separator between) and, for the collections string.Join reads as they are, string.Join itself.
/// </summary>
[TrackedPool]
public class BuilderJoinCollectionTests
{
    /// <summary>A <see cref="List{T}"/> whose <see cref="IEnumerable{T}"/> yields its items backwards.</summary>
    private sealed class BackwardsList<T> : List<T>, IEnumerable<T>
    {
        public BackwardsList(IEnumerable<T> items)
            : base(items)
        {
        }

        IEnumerator<T> IEnumerable<T>.GetEnumerator()
        {
            for (int i = Count - 1; i >= 0; i--)
            {
                yield return this[i];
            }
        }

        IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable<T>)this).GetEnumerator();
    }

    private static readonly string[] Kinds = { "array", "List", "HashSet", "BackwardsList", "ReadOnlyCollection", "iterator" };

    /// <summary>A separator (string, may be null), a char separator, the items, a collection kind, a start buffer.</summary>
    public sealed record JoinCase<T>(string? Separator, char CharSeparator, T[] Items, string Kind, int Buffer)
    {
        public override string ToString() =>
            $"{Kind} of {Items.Length} {typeof(T).Name}: [{string.Join(", ", Items.Select(i => i is null ? "null" : "\"" + i + "\""))}], separator "
            + (Separator is null ? "null" : $"\"{Separator}\"") + $", char '{CharSeparator}', buffer {Buffer}";
    }

    public static class JoinCases
    {
        private static Gen<JoinCase<T>> Cases<T>(Gen<T> items) =>
            from separator in Gen.Elements<string?>(null, "", ",", ", ", " | ", "\U0001F600")
            from charSeparator in Gen.Elements(',', ';', 'é', ' ')
            from count in Gen.Frequency((1, Gen.Constant(0)), (2, Gen.Constant(1)), (6, Gen.Choose(2, 20)), (1, Gen.Choose(100, 300)))
            from values in Gen.ArrayOf(items, count)
            from kind in Gen.Elements(Kinds)
            from buffer in Gen.Elements(0, 1, 8, 64)
            select new JoinCase<T>(separator, charSeparator, values, kind, buffer);

        public static Arbitrary<JoinCase<string?>> Strings() => Cases(BuilderJoinInsertTests.JoinInputs.Elements).ToArbitrary();

        public static Arbitrary<JoinCase<int>> Ints() => Cases(Gen.Frequency((4, Gen.Choose(-1000, 1000)), (1, Gen.Elements(int.MinValue, int.MaxValue, 0)))).ToArbitrary();

        public static Arbitrary<JoinCase<double>> Doubles() => Cases(Gen.Elements(0.5, -1.25, 1e300, double.NaN, 3.0, -0.0)).ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(JoinCases)])]
    public void AppendJoin_and_Join_of_string_collections_match_the_reference(JoinCase<string?> input) => Check(input);

    [FastTextProperty(Arbitrary = [typeof(JoinCases)])]
    public void AppendJoin_and_Join_of_int_collections_match_the_reference(JoinCase<int> input) => Check(input);

    [FastTextProperty(Arbitrary = [typeof(JoinCases)])]
    public void AppendJoin_and_Join_of_double_collections_match_the_reference(JoinCase<double> input)
    {
        ValueStringBuilderTestKit.WithCurrentCulture(CultureInfo.GetCultureInfo("de-DE"), () =>
        {
            Check(input);
            return 0;
        });
    }

    [Fact]
    public void An_item_that_changes_its_List_or_HashSet_while_joined_fails_as_enumerating_it_does()
    {
        var list = new List<Mutator>();
        list.Add(new Mutator(() => list.Add(new Mutator(() => { }))));
        list.Add(new Mutator(() => { }));
        var set = new HashSet<Mutator>();
        set.Add(new Mutator(() => set.Add(new Mutator(() => { }))));
        set.Add(new Mutator(() => { }));

        Assert.Throws<InvalidOperationException>(() => string.Join(",", list));
        Assert.Throws<InvalidOperationException>(() => Build(0, (ref ValueStringBuilder b) => b.AppendJoin(',', list)));
        Assert.Throws<InvalidOperationException>(() => Build(0, (ref ValueStringBuilder b) => b.AppendJoin(", ", set)));
        Assert.Throws<InvalidOperationException>(() => BuildUtf8(0, (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', set)));
        Assert.Throws<InvalidOperationException>(() => BuildUtf8(0, (ref Utf8ValueStringBuilder b) => b.AppendJoin(", ", list)));
        Assert.Throws<InvalidOperationException>(() => ValueStringBuilder.Join(',', list));
    }

    [Fact]
    public void Join_rejects_null_collections_by_name()
    {
        Assert.Equal("values", Assert.Throws<ArgumentNullException>(() => ValueStringBuilder.Join(",", (IEnumerable<int>)null!)).ParamName);
        Assert.Equal("values", Assert.Throws<ArgumentNullException>(() => ValueStringBuilder.Join(',', (IEnumerable<string>)null!)).ParamName);
        Assert.Equal("values", Assert.Throws<ArgumentNullException>(() => ValueStringBuilder.Join(',', (string?[])null!)).ParamName);
        Assert.Equal("values", Assert.Throws<ArgumentNullException>(() => ValueStringBuilder.Join(", ", (object?[])null!)).ParamName);
        Assert.Equal("values", Assert.Throws<ArgumentNullException>(() => BuildUtf8(0, (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', (List<int>)null!))).ParamName);
    }

    [Fact]
    public void Join_calls_bind_as_AppendJoin_and_string_Join_do()
    {
        var list = new List<string> { "x", "y", "z" };
        int[] numbers = { 1, -2, 30 };
        string?[] strings = { "p", null, "q" };
        object?[] objects = { 1, null, "o", 2.5 };
        ValueStringBuilderTestKit.WithCurrentCulture(CultureInfo.InvariantCulture, () =>
        {
            Assert.Equal(string.Join(",", "Foo:"), ValueStringBuilder.Join(',', "Foo:"));
            Assert.Equal(string.Join(", ", "Foo:"), ValueStringBuilder.Join(", ", "Foo:"));
            Assert.Equal(string.Join(",", "a", "b"), ValueStringBuilder.Join(',', "a", "b"));
            Assert.Equal(string.Join(", ", list), ValueStringBuilder.Join(", ", list));
            Assert.Equal(string.Join(",", list), ValueStringBuilder.Join(',', list));
            Assert.Equal(string.Join(",", numbers), ValueStringBuilder.Join(',', numbers));
            Assert.Equal(string.Join(",", strings), ValueStringBuilder.Join(',', strings));
            Assert.Equal(string.Join(",", objects), ValueStringBuilder.Join(',', objects));
            Assert.Equal(string.Join(",", 1, "a", null, 2.5), ValueStringBuilder.Join(',', 1, "a", null, 2.5));
            Assert.Equal(string.Join(",", numbers), ValueStringBuilder.Join(',', numbers.AsSpan()));
            Assert.Equal(string.Join("|", strings), ValueStringBuilder.Join("|", new ReadOnlySpan<string?>(strings)));
            return 0;
        });
    }

    private sealed class Mutator
    {
        private readonly Action _onFormat;

        public Mutator(Action onFormat) => _onFormat = onFormat;

        public override string ToString()
        {
            _onFormat();
            return "m";
        }
    }

    private delegate void Utf8Appender(ref Utf8ValueStringBuilder builder);

    private static void Check<T>(JoinCase<T> input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            IEnumerable<T> values = Collection(input.Kind, input.Items);
            string expected = Reference(input.Separator, values);
            string expectedChar = Reference(input.CharSeparator.ToString(), values);
            if (input.Kind is "array" or "List" or "HashSet" or "ReadOnlyCollection" or "iterator")
            {
                Assert.Equal(string.Join(input.Separator, values), expected);
                Assert.Equal(string.Join(input.CharSeparator.ToString(), values), expectedChar);
            }

            string separated = Build(input.Buffer, (ref ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(input.Separator, values); b.Append('>'); });
            Assert.True("<" + expected + ">" == separated, $"{input}: expected \"{expected}\", got \"{separated}\"");
            string charSeparated = Build(input.Buffer, (ref ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(input.CharSeparator, values); b.Append('>'); });
            Assert.True("<" + expectedChar + ">" == charSeparated, $"{input}, char separator: expected \"{expectedChar}\", got \"{charSeparated}\"");

            Assert.Equal(Encoding.UTF8.GetBytes("<" + expected + ">"), BuildUtf8(input.Buffer, (ref Utf8ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(input.Separator, values); b.Append('>'); }));
            Assert.Equal(Encoding.UTF8.GetBytes("<" + expectedChar + ">"), BuildUtf8(input.Buffer, (ref Utf8ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(input.CharSeparator, values); b.Append('>'); }));

            Assert.Equal(expected, ValueStringBuilder.Join(input.Separator, values));
            Assert.Equal(expectedChar, ValueStringBuilder.Join(input.CharSeparator, values));
            // The items as the collection enumerates them (ToArray would copy a List<T> by CopyTo, past a re-implemented enumerator).
            T[] enumerated = Iterate(values).ToArray();
            Assert.Equal(expected, ValueStringBuilder.Join(input.Separator, new ReadOnlySpan<T>(enumerated)));
            Assert.Equal(expectedChar, ValueStringBuilder.Join(input.CharSeparator, new ReadOnlySpan<T>(enumerated)));
        });
    }

    /// <summary>The naive join: enumerate, the text of each item (null as nothing), the separator between.</summary>
    private static string Reference<T>(string? separator, IEnumerable<T> values)
    {
        var text = new StringBuilder();
        bool first = true;
        foreach (T value in values)
        {
            if (!first)
            {
                text.Append(separator);
            }

            first = false;
            text.Append(value?.ToString());
        }

        return text.ToString();
    }

    private static IEnumerable<T> Collection<T>(string kind, T[] items) => kind switch
    {
        "array" => items,
        "List" => new List<T>(items),
        "HashSet" => new HashSet<T>(items),
        "BackwardsList" => new BackwardsList<T>(items),
        "ReadOnlyCollection" => new ReadOnlyCollection<T>(items),
        _ => Iterate(items),
    };

    private static IEnumerable<T> Iterate<T>(IEnumerable<T> items)
    {
        foreach (T item in items)
        {
            yield return item;
        }
    }

    private static string Build(int buffer, Appender append) => ValueStringBuilderTestKit.Build(buffer, append);

    private static byte[] BuildUtf8(int initialBuffer, Utf8Appender append)
    {
        var builder = new Utf8ValueStringBuilder(new byte[initialBuffer]);
        try
        {
            append(ref builder);
            return builder.WrittenSpan.ToArray();
        }
        finally
        {
            builder.Dispose();
        }
    }
}
