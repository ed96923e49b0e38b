using System.Globalization;
using System.Numerics;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// Parse&lt;T&gt;, TryParse&lt;T&gt;, ParseChars&lt;T&gt;, TryParseChars&lt;T&gt; and the span forms
/// (<c>row.Parse&lt;T&gt;(firstColumn, values)</c>, <c>row.Parse&lt;T&gt;(columns, values)</c>) of every integer type
/// on the same lines, each against the type's own invariant parse of the column's text (its <c>TryParse</c> with
/// <see cref="CultureInfo.InvariantCulture"/>), the value and the decision.
/// </summary>
public partial class TsvRowWindowedColumnTests
{
    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 1000)]
    public void Every_generic_integer_parse_matches_the_types_own_parser_on_every_column(int seed)
    {
        IntegerLine line = IntegerLine.FromSeed(seed);
        AssertGeneric<int>(line);
        AssertGeneric<long>(line);
        AssertGeneric<short>(line);
        AssertGeneric<sbyte>(line);
        AssertGeneric<ulong>(line);
        AssertGeneric<uint>(line);
        AssertGeneric<ushort>(line);
        AssertGeneric<byte>(line);
    }

    private static void AssertGeneric<T>(IntegerLine line)
        where T : struct, IBinaryInteger<T>
    {
        using var reader = new TsvReader(line.Selection);
        ReadOnlySpan<byte> input = line.Bytes;
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row), line.ToString());
        int selected = line.Selection.Length;
        bool allParse = true;
        var expectedValues = new T[selected];
        for (int column = 0; column < selected; column++)
        {
            byte[] field = line.Fields[line.Selection[column]];
            string shown = $"{typeof(T).Name}, {line}, column {column}";
            bool expected = T.TryParse(field, CultureInfo.InvariantCulture, out T expectedValue);
            allParse &= expected;
            expectedValues[column] = expectedValue;

            Assert.True(row.TryParse(column, out T value) == expected && value == (expected ? expectedValue : default), $"TryParse<T>, {shown}: {value}, the runtime {expected} {expectedValue}");
            Assert.True(row.TryParseChars(column, out T chars) == expected && chars == (expected ? expectedValue : default), $"TryParseChars<T>, {shown}: {chars}, the runtime {expected} {expectedValue}");
            Assert.True(ThrowsOrGives(row, column, chars: false, out T parsed) == !expected && parsed == (expected ? expectedValue : default), $"Parse<T>, {shown}: {parsed}, the runtime {expected} {expectedValue}");
            Assert.True(ThrowsOrGives(row, column, chars: true, out parsed) == !expected && parsed == (expected ? expectedValue : default), $"ParseChars<T>, {shown}: {parsed}, the runtime {expected} {expectedValue}");
        }

        if (allParse)
        {
            var values = new T[selected];
            row.Parse<T>(0, values);
            Assert.True(values.SequenceEqual(expectedValues), $"Parse<T>(0, values), {typeof(T).Name}, {line}");
            int[] backwards = Enumerable.Range(0, selected).Reverse().ToArray();
            row.Parse<T>(backwards, values);
            Assert.True(values.SequenceEqual(expectedValues.Reverse()), $"Parse<T>(columns, values), {typeof(T).Name}, {line}");
        }
    }

    private static bool ThrowsOrGives<T>(TsvRow row, int column, bool chars, out T value)
        where T : struct, IBinaryInteger<T>
    {
        value = default;
        try
        {
            value = chars ? row.ParseChars<T>(column) : row.Parse<T>(column);
            return false;
        }
        catch (TsvFormatException)
        {
            return true;
        }
    }
}
