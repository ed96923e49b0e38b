using System.Collections.Generic;
using System.Linq;

namespace FastText.Generate;

/// <summary>
/// The template of TsvRow's numeric getters (src/FastText/Tsv/TsvRow.Numbers.cs): <c>GetX</c> and <c>TryGetX</c> for
/// every integer width and both floating-point types, each the same two methods around its
/// <c>TsvNumberText.TryParseX</c>. What differs between types is named in <see cref="NumberType"/>, nowhere else.
/// </summary>
internal static class TsvRowNumbersTemplate
{
    /// <summary>
    /// One numeric type: its framework name, its C# keyword, how the summary describes its text, and whether a direct
    /// column is first tried with TsvNumberText's windowed integer read (the integer types).
    /// </summary>
    internal sealed record NumberType(string Name, string Keyword, string Text, bool Windowed);

    private const string Signed = "a decimal integer: an optional leading '-' or '+', then digits only";
    private const string Unsigned = "a decimal integer: an optional leading '+', then digits only";
    private const string Floating = "invariant format, '.' decimal point, optional exponent (<c>1.5E+20</c>); no thousands separators";

    internal static readonly NumberType[] Types =
    [
        new("Int32", "int", Signed, Windowed: true),
        new("Int64", "long", Signed, Windowed: true),
        new("Int16", "short", Signed, Windowed: true),
        new("SByte", "sbyte", Signed, Windowed: true),
        new("Byte", "byte", Unsigned, Windowed: true),
        new("UInt16", "ushort", Unsigned, Windowed: true),
        new("UInt32", "uint", Unsigned, Windowed: true),
        new("UInt64", "ulong", Unsigned, Windowed: true),
        new("Double", "double", Floating, Windowed: false),
        new("Single", "float", Floating, Windowed: false),
    ];

    internal static IEnumerable<GeneratedFile> Files()
    {
        string methods = string.Join("\n", Types.Select(Methods));
        yield return new GeneratedFile("src/FastText/Tsv/TsvRow.Numbers.cs", "eng/Generate/TsvRowNumbersTemplate.cs", $$"""
            using System;

            namespace FastText;

            /// <summary>
            /// The numeric columns: <see cref="System.Buffers.Text.Utf8Parser"/>'s invariant rules, the whole column (no white space,
            /// nothing after the value), through <see cref="TsvNumberText"/>'s fast path for the plain shapes. A <c>Get</c> method
            /// throws <see cref="TsvFormatException"/> naming the line, the file column and the header name; its <c>TryGet</c> twin
            /// returns false instead, also for an absent column.
            /// </summary>
            public readonly ref partial struct TsvRow
            {
            {{methods.TrimEnd('\n')}}
            }

            """);
    }

    private static string Methods(NumberType type) => $$"""
            /// <summary>Selected column <paramref name="column"/> as a <see cref="{{type.Keyword}}"/>: {{type.Text}}.</summary>
            /// <param name="column">An index into the selection.</param>
            /// <returns>The value.</returns>
            /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
            /// <exception cref="TsvFormatException">The line ends before the column, or the column is not a <see cref="{{type.Keyword}}"/> (empty, other bytes, out of range).</exception>
            public {{type.Keyword}} Get{{type.Name}}(int column)
            {
        {{WindowedGet(type)}}        ReadOnlySpan<byte> value = this[column];
                if (!TsvNumberText.TryParse{{type.Name}}(value, out {{type.Keyword}} result))
                {
                    ThrowNotConvertible(column, value, "{{type.Name}}");
                }

                return result;
            }

            /// <summary>Gets selected column <paramref name="column"/> as a <see cref="{{type.Keyword}}"/> as <see cref="Get{{type.Name}}"/> reads it.</summary>
            /// <param name="column">An index into the selection.</param>
            /// <param name="value">The value, or 0.</param>
            /// <returns>False when the column is absent or does not convert.</returns>
            /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
            public bool TryGet{{type.Name}}(int column, out {{type.Keyword}} value)
            {
        {{WindowedTryGet(type)}}        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && TsvNumberText.TryParse{{type.Name}}(text, out value))
                {
                    return true;
                }

                value = 0;
                return false;
            }

        """;

    private static string WindowedGet(NumberType type) => !type.Windowed ? "" : $$"""
                if (TryParseWindowed(column, out {{type.Keyword}} windowed))
                {
                    return windowed;
                }


        """;

    private static string WindowedTryGet(NumberType type) => !type.Windowed ? "" : """
                if (TryParseWindowed(column, out value))
                {
                    return true;
                }


        """;
}
