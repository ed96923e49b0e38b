using System;
using System.Collections.Generic;
using System.Linq;

namespace FastText.Generate;

/// <summary>
/// The template of the per-arity composite formatting of both builders: the argument holders
/// (<c>ValueStringBuilder.FormatArguments&lt;T0, ..., T15&gt;</c>), <c>AppendFormat</c> with 1 to 16 generic
/// arguments on <c>ValueStringBuilder</c> and <c>Utf8ValueStringBuilder</c> (without a provider, with one, and with a
/// <c>CompositeFormat</c> on net8.0) and the one-call <c>ValueStringBuilder.Format</c> and <c>Concat</c>. What an
/// arity changes besides its count of arguments is named here: <see cref="InArgumentsWithoutProvider"/>,
/// <see cref="InArgumentsWithProvider"/> and <see cref="WritesThroughRuntimeTryWrite"/>.
/// </summary>
internal static class AppendFormatTemplate
{
    /// <summary>The most generic arguments (ZString's count); more go through the <c>params object?[]</c> overloads.</summary>
    internal const int MaxArity = 16;

    /// <summary>The fewest values <c>Concat</c> takes: one value would be <c>string.Concat(object)</c>'s ToString
    /// where <c>string.Concat</c> of a collection joins its items, so one-value calls are left to <c>Join</c>.</summary>
    internal const int MinConcatArity = 2;

    private const string Template = "eng/Generate/AppendFormatTemplate.cs";

    private const string FormatThrows = """
            /// <exception cref="ArgumentNullException"><paramref name="format"/> is <see langword="null"/>.</exception>
            /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments; nothing is appended.</exception>
        """;

    private const string CompositeThrows = """
            /// <exception cref="ArgumentNullException"><paramref name="format"/> is <see langword="null"/>.</exception>
            /// <exception cref="FormatException"><paramref name="format"/> needs more arguments than given; nothing is appended.</exception>
        """;

    private const string ProviderDoc = """
            /// <param name="provider">The culture or custom formatter (an <see cref="ICustomFormatter"/> formats every item), or <see langword="null"/> for the current culture.</param>
        """;

    internal static IEnumerable<GeneratedFile> Files()
    {
        yield return new GeneratedFile("src/FastText/Building/ValueStringBuilder.FormatArguments.cs", Template, $$"""
            using System;

            namespace FastText;

            // The arguments of one AppendFormat call of either builder, one holder type per arity: each item of the composite
            // format asks its holder to append argument i, so every value keeps its own type (no boxing) up to the builder's
            // formatting.
            public ref partial struct ValueStringBuilder
            {
            {{Join(Enumerable.Range(1, MaxArity).Select(Arguments))}}
            }

            """);

        yield return new GeneratedFile("src/FastText/Building/ValueStringBuilder.AppendFormatOfT.cs", Template, $$"""
            using System;

            namespace FastText;

            // AppendFormat with 1 to 16 generic arguments, without and with a provider: the values are kept in a
            // FormatArguments holder of their own types and written by AppendComposite (ValueStringBuilder.AppendFormat.cs).
            public ref partial struct ValueStringBuilder
            {
            {{Join(Enumerable.Range(1, MaxArity).Select(n => AppendFormat(n, Builder.Chars, withProvider: false)).Concat(Enumerable.Range(1, MaxArity).Select(n => AppendFormat(n, Builder.Chars, withProvider: true))))}}
            }

            """);

        yield return new GeneratedFile("src/FastText/Building/ValueStringBuilder.CompositeFormatOfT.Net8.cs", Template, $$"""
            using System;
            using System.Text;
            using FastText.Internal;

            namespace FastText;

            // net8.0: AppendFormat of a pre-parsed CompositeFormat with 1 to 16 generic arguments. Up to three arguments the
            // runtime's MemoryExtensions.TryWrite writes it in place (growing and retrying until it fits); beyond, where the
            // runtime has only a params object[] form, the format's text goes through AppendComposite with the values unboxed.
            public ref partial struct ValueStringBuilder
            {
            {{Join(Enumerable.Range(1, MaxArity).Select(n => AppendCompositeFormat(n, Builder.Chars)))}}
            }

            """);

        yield return new GeneratedFile("src/FastText/Building/Utf8ValueStringBuilder.AppendFormatOfT.cs", Template, $$"""
            using System;

            namespace FastText;

            // AppendFormat with 1 to 16 generic arguments, without and with a provider, UTF-8 encoded: the values are kept in
            // ValueStringBuilder's FormatArguments holders and written by AppendComposite (Utf8ValueStringBuilder.AppendFormat.cs).
            public ref partial struct Utf8ValueStringBuilder
            {
            {{Join(Enumerable.Range(1, MaxArity).Select(n => AppendFormat(n, Builder.Utf8, withProvider: false)).Concat(Enumerable.Range(1, MaxArity).Select(n => AppendFormat(n, Builder.Utf8, withProvider: true))))}}
            }

            """);

        yield return new GeneratedFile("src/FastText/Building/Utf8ValueStringBuilder.CompositeFormatOfT.Net8.cs", Template, $$"""
            using System;
            using System.Text;

            namespace FastText;

            // net8.0: AppendFormat of a pre-parsed CompositeFormat with 1 to 16 generic arguments, UTF-8 encoded. The runtime
            // writes a CompositeFormat only as chars, so its text goes through AppendComposite, the values unboxed.
            public ref partial struct Utf8ValueStringBuilder
            {
            {{Join(Enumerable.Range(1, MaxArity).Select(n => AppendCompositeFormat(n, Builder.Utf8)))}}
            }

            """);

        yield return new GeneratedFile("src/FastText/Building/ValueStringBuilder.FormatOfT.cs", Template, $$"""
            using System;
            using System.Runtime.CompilerServices;

            namespace FastText;

            // The one-call forms: Format with 1 to 16 generic arguments (without and with a provider) and Concat of 2 to 16
            // values, each building on the stack (ValueStringBuilder.OneCall.cs) and returning the string, the only allocation.
            public ref partial struct ValueStringBuilder
            {
            {{Join(Enumerable.Range(1, MaxArity).Select(n => Format(n, withProvider: false)).Concat(Enumerable.Range(1, MaxArity).Select(n => Format(n, withProvider: true))).Concat(Enumerable.Range(MinConcatArity, MaxArity - MinConcatArity + 1).Select(Concat)))}}
            }

            """);

        yield return new GeneratedFile("src/FastText/Building/ValueStringBuilder.FormatOfT.Net8.cs", Template, $$"""
            using System;
            using System.Runtime.CompilerServices;
            using System.Text;

            namespace FastText;

            // net8.0: the one-call Format of a pre-parsed CompositeFormat with 1 to 16 generic arguments.
            public ref partial struct ValueStringBuilder
            {
            {{Join(Enumerable.Range(1, MaxArity).Select(FormatComposite))}}
            }

            """);

        foreach (GeneratedFile file in TestFiles())
        {
            yield return file;
        }
    }

    /// <summary>
    /// The tests' dispatch to every generated overload: one method per overload family taking the arity at run time
    /// and calling that arity's overload with the first values of a <c>FormatRow</c> (tests/Properties/Building), so
    /// a property reaches each arity with the values' own types.
    /// </summary>
    private static IEnumerable<GeneratedFile> TestFiles()
    {
        string common = Join(new[]
        {
            Dispatch("public static void AppendFormat(ref ValueStringBuilder builder, string format, FormatRow row, int arity)", n => $"builder.AppendFormat(format, {RowValues(n)});", returns: false),
            Dispatch("public static void AppendFormat(ref ValueStringBuilder builder, IFormatProvider? provider, string format, FormatRow row, int arity)", n => $"builder.AppendFormat(provider, format, {RowValues(n)});", returns: false),
            Dispatch("public static void AppendFormat(ref Utf8ValueStringBuilder builder, string format, FormatRow row, int arity)", n => $"builder.AppendFormat(format, {RowValues(n)});", returns: false),
            Dispatch("public static void AppendFormat(ref Utf8ValueStringBuilder builder, IFormatProvider? provider, string format, FormatRow row, int arity)", n => $"builder.AppendFormat(provider, format, {RowValues(n)});", returns: false),
            Dispatch("public static string Format(string format, FormatRow row, int arity)", n => $"return ValueStringBuilder.Format(format, {RowValues(n)});", returns: true),
            Dispatch("public static string Format(IFormatProvider? provider, string format, FormatRow row, int arity)", n => $"return ValueStringBuilder.Format(provider, format, {RowValues(n)});", returns: true),
            Dispatch("public static string Concat(FormatRow row, int arity)", n => n < MinConcatArity ? "throw new ArgumentOutOfRangeException(nameof(arity));" : $"return ValueStringBuilder.Concat({RowValues(n)});", returns: true),
        });
        yield return new GeneratedFile("tests/Properties/Building/FormatArityCalls.cs", Template, $$"""
            namespace FastText.Tests.Building;

            // Every generic AppendFormat, Format and Concat overload, called with the first `arity` values of a FormatRow.
            internal static partial class FormatArityCalls
            {
            {{common}}
            }

            """);

        string composite = Join(new[]
        {
            Dispatch("public static void AppendFormat(ref ValueStringBuilder builder, IFormatProvider? provider, CompositeFormat format, FormatRow row, int arity)", n => $"builder.AppendFormat(provider, format, {RowValues(n)});", returns: false),
            Dispatch("public static void AppendFormat(ref Utf8ValueStringBuilder builder, IFormatProvider? provider, CompositeFormat format, FormatRow row, int arity)", n => $"builder.AppendFormat(provider, format, {RowValues(n)});", returns: false),
            Dispatch("public static string Format(IFormatProvider? provider, CompositeFormat format, FormatRow row, int arity)", n => $"return ValueStringBuilder.Format(provider, format, {RowValues(n)});", returns: true),
        });
        yield return new GeneratedFile("tests/Properties/Building/FormatArityCalls.Net8.cs", Template, $$"""
            namespace FastText.Tests.Building;

            // net8.0: every generic CompositeFormat overload, called with the first `arity` values of a FormatRow.
            internal static partial class FormatArityCalls
            {
            {{composite}}
            }

            """);
    }

    private static string Dispatch(string signature, Func<int, string> call, bool returns)
    {
        string cases = string.Join("\n", Enumerable.Range(1, MaxArity).Select(n => $$"""
                        case {{n}}:
                            {{call(n)}}{{(returns || call(n).StartsWith("throw", StringComparison.Ordinal) ? "" : "\n                break;")}}
            """));
        return $$"""
                {{signature}}
                {
                    switch (arity)
                    {
            {{cases}}
                        default:
                            throw new ArgumentOutOfRangeException(nameof(arity));
                    }
                }
            """;
    }

    private static string RowValues(int n) => Each(n, ", ", i => $"row.V{i}");

    private enum Builder
    {
        Chars,
        Utf8,
    }

    /// <summary>
    /// How many leading arguments of an overload without a provider are <c>in</c> parameters. C# prefers, argument for
    /// argument, a by-value parameter to an <c>in</c> one of the same type. The first two <c>in</c> arguments make a
    /// call whose first argument is <see langword="null"/> (<c>AppendFormat(null, "{0}", x)</c>,
    /// <c>AppendFormat(null, compositeFormat, x, y)</c>) bind to the provider or CompositeFormat overload, as the same
    /// call does on StringBuilder, whose provider-less overloads take <c>object</c>; without them the call is
    /// ambiguous (CS0121) in every C# version. (OverloadResolutionPriority would need C# 13.)
    /// </summary>
    private static int InArgumentsWithoutProvider(int arity) => Math.Min(arity, 2);

    /// <summary>
    /// How many leading arguments of an overload with a provider and a format string are <c>in</c> parameters: the
    /// first, so that a call with a <see langword="null"/> format (<c>AppendFormat(provider, null, x)</c>) binds to the
    /// CompositeFormat overload as on StringBuilder, while the overloads without a provider (two <c>in</c> arguments)
    /// still lose to it. The CompositeFormat overloads take every argument by value.
    /// </summary>
    private static int InArgumentsWithProvider(int arity) => Math.Min(arity, 1);

    /// <summary>
    /// Whether the char builder's CompositeFormat overload of this arity writes through the runtime's
    /// <c>MemoryExtensions.TryWrite</c>, which is generic up to three arguments; beyond, it has only
    /// <c>params object?[]</c> (every value boxed), so the format's text goes through the builder's own parser.
    /// </summary>
    private static bool WritesThroughRuntimeTryWrite(int arity) => arity <= 3;

    private static string Arguments(int n)
    {
        string types = Each(n, ", ", i => $"T{i}");
        string fields = Each(n, "\n        ", i => $"private readonly T{i} _arg{i};");
        string constructorParameters = Each(n, ", ", i => $"in T{i} arg{i}");
        string assignments = Each(n, "\n            ", i => $"_arg{i} = arg{i};");
        return $$"""
                /// <summary>The arguments of an AppendFormat call with {{Count(n, "argument")}}.</summary>
                internal readonly struct FormatArguments<{{types}}> : IFormatArguments
                {
                    {{fields}}

                    public FormatArguments({{constructorParameters}})
                    {
                        {{assignments}}
                    }

                    public int Count => {{n}};

                    public void AppendTo(ref ValueStringBuilder builder, int index, ReadOnlySpan<char> format, IFormatProvider? provider, ICustomFormatter? custom)
                    {
            {{ItemDispatch(n)}}
                    }

                    public void AppendTo(ref Utf8ValueStringBuilder builder, int index, ReadOnlySpan<char> format, IFormatProvider? provider, ICustomFormatter? custom)
                    {
            {{ItemDispatch(n)}}
                    }
                }
            """;
    }

    /// <summary>The body of AppendTo: argument <c>index</c> (the caller checked it is below Count) to the builder.</summary>
    private static string ItemDispatch(int n)
    {
        if (n == 1)
        {
            return "            builder.AppendFormatItem(_arg0, format, provider, custom);";
        }

        string cases = Each(n, "\n", i => $$"""
                            {{(i == n - 1 ? "default" : $"case {i}")}}:
                                builder.AppendFormatItem(_arg{{i}}, format, provider, custom);
                                break;
            """);
        return $$"""
                        switch (index)
                        {
            {{cases}}
                        }
            """;
    }

    private static string AppendFormat(int n, Builder builder, bool withProvider)
    {
        int inCount = withProvider ? InArgumentsWithProvider(n) : InArgumentsWithoutProvider(n);
        string types = Each(n, ", ", i => $"T{i}");
        string parameters = (withProvider ? "IFormatProvider? provider, " : "") + "string format, " + Parameters(n, inCount);
        string encoded = builder == Builder.Utf8 ? ", UTF-8 encoded," : ",";
        string holder = builder == Builder.Utf8 ? "ValueStringBuilder.FormatArguments" : "FormatArguments";
        string formatCall = $"string.Format({(withProvider ? "provider, " : "")}format, {ArgumentList(n)})";
        return $$"""
                /// <summary>Appends a composite format with {{Count(n, "argument")}}{{encoded}} as <c>{{formatCall}}</c> writes it, without boxing {{(n == 1 ? "it" : "them")}}.</summary>
            {{TypeParameterDocs(n)}}
            {{(withProvider ? ProviderDoc + "\n" : "")}}    /// <param name="format">A composite format string.</param>
            {{ArgumentDocs(n)}}
                /// <remarks>{{InRemark("AppendFormat", n, inCount, withProvider)}}</remarks>
            {{FormatThrows}}
                public void AppendFormat<{{types}}>({{parameters}}) =>
                    AppendComposite({{(withProvider ? "provider" : "null")}}, format, new {{holder}}<{{types}}>({{ArgumentList(n)}}));
            """;
    }

    private static string AppendCompositeFormat(int n, Builder builder)
    {
        string types = Each(n, ", ", i => $"T{i}");
        string parameters = "IFormatProvider? provider, CompositeFormat format, " + Each(n, ", ", i => $"T{i} arg{i}");
        string encoded = builder == Builder.Utf8 ? ", UTF-8 encoded," : ",";
        string body;
        if (builder == Builder.Chars && WritesThroughRuntimeTryWrite(n))
        {
            body = $$"""
                        ValidateCompositeFormat(format, {{n}});
                        int written;
                        while (!_chars.Slice(_pos).TryWrite(provider, format, out written, {{ArgumentList(n)}}))
                        {
                            GrowForRetry();
                        }

                        _pos += FormatterCount.Checked(format, written, _chars.Length - _pos, "chars");
                """;
        }
        else
        {
            string prefix = builder == Builder.Utf8 ? "ValueStringBuilder." : "";
            body = $$"""
                        {{prefix}}ValidateCompositeFormat(format, {{n}});
                        AppendComposite(provider, format.Format, new {{prefix}}FormatArguments<{{types}}>({{ArgumentList(n)}}));
                """;
        }

        return $$"""
                /// <summary>Appends a pre-parsed composite format with {{Count(n, "argument")}}{{encoded}} as <c>string.Format(provider, format, {{ArgumentList(n)}})</c> writes it, without boxing {{(n == 1 ? "it" : "them")}}.</summary>
            {{TypeParameterDocs(n)}}
            {{ProviderDoc}}
                /// <param name="format">The parsed composite format.</param>
            {{ArgumentDocs(n)}}
            {{CompositeThrows}}
                public void AppendFormat<{{types}}>({{parameters}})
                {
            {{body}}
                }
            """;
    }

    private static string Format(int n, bool withProvider)
    {
        int inCount = withProvider ? InArgumentsWithProvider(n) : InArgumentsWithoutProvider(n);
        string types = Each(n, ", ", i => $"T{i}");
        string parameters = (withProvider ? "IFormatProvider? provider, " : "") + "string format, " + Parameters(n, inCount);
        string call = (withProvider ? "provider, " : "") + "format, " + ArgumentList(n);
        return $$"""
                /// <summary>Formats a composite format with {{Count(n, "argument")}} into a new string, as <c>string.Format({{call}})</c> does, without boxing {{(n == 1 ? "it" : "them")}}: the string is the only allocation.</summary>
            {{TypeParameterDocs(n)}}
            {{(withProvider ? ProviderDoc + "\n" : "")}}    /// <param name="format">A composite format string.</param>
            {{ArgumentDocs(n)}}
                /// <returns>The formatted text.</returns>
                /// <remarks>{{InRemark("Format", n, inCount, withProvider)}}</remarks>
            {{FormatThrows}}
                public static string Format<{{types}}>({{parameters}}) =>
                    FormatOnStack({{(withProvider ? "provider" : "null")}}, format, new FormatArguments<{{types}}>({{ArgumentList(n)}}));
            """;
    }

    private static string FormatComposite(int n)
    {
        string types = Each(n, ", ", i => $"T{i}");
        string parameters = "IFormatProvider? provider, CompositeFormat format, " + Each(n, ", ", i => $"T{i} arg{i}");
        string call = "provider, format, " + ArgumentList(n);
        string body = WritesThroughRuntimeTryWrite(n)
            ? $$"""
                    [SkipLocalsInit]
                    public static string Format<{{types}}>({{parameters}})
                    {
                        var builder = new ValueStringBuilder(stackalloc char[OneCallStackLength]);
                        try
                        {
                            builder.AppendFormat({{call}});
                            return builder.ToString();
                        }
                        finally
                        {
                            builder.Dispose();
                        }
                    }
                """
            : $$"""
                    public static string Format<{{types}}>({{parameters}})
                    {
                        ValidateCompositeFormat(format, {{n}});
                        return FormatOnStack(provider, format.Format, new FormatArguments<{{types}}>({{ArgumentList(n)}}));
                    }
                """;
        return $$"""
                /// <summary>
                /// Formats a pre-parsed composite format with {{Count(n, "argument")}} into a new string, as <c>StringBuilder.AppendFormat({{call}})</c>
                /// writes it, without boxing {{(n == 1 ? "it" : "them")}}: the string is the only allocation. (That is string.Format's text too, except for a format
                /// without items, which string.Format returns as it was parsed, escaped braces still doubled.)
                /// </summary>
            {{TypeParameterDocs(n)}}
            {{ProviderDoc}}
                /// <param name="format">The parsed composite format.</param>
            {{ArgumentDocs(n)}}
                /// <returns>The formatted text.</returns>
            {{CompositeThrows}}
            {{body}}
            """;
    }

    private static string Concat(int n)
    {
        string types = Each(n, ", ", i => $"T{i}");
        string parameters = Each(n, ", ", i => $"T{i} value{i}");
        string appends = Each(n, "\n            ", i => $"builder.AppendValue(value{i}, null, null);");
        return $$"""
                /// <summary>
                /// Concatenates {{n}} values into a new string, each written as <see cref="Append{T}(T, string?, IFormatProvider?)"/>
                /// writes it (the text of <c>string.Concat</c> of their <c>ToString()</c>; <see langword="null"/> is empty), without
                /// boxing them: the string is the only allocation.
                /// </summary>
            {{Each(n, "\n", i => $"    /// <typeparam name=\"T{i}\">The type of value {i}.</typeparam>")}}
            {{Each(n, "\n", i => $"    /// <param name=\"value{i}\">Value {i}.</param>")}}
                /// <returns>The concatenated text.</returns>
                [SkipLocalsInit]
                public static string Concat<{{types}}>({{parameters}})
                {
                    var builder = new ValueStringBuilder(stackalloc char[OneCallStackLength]);
                    try
                    {
                        {{appends}}
                        return builder.ToString();
                    }
                    finally
                    {
                        builder.Dispose();
                    }
                }
            """;
    }

    private static string InRemark(string method, int n, int inCount, bool withProvider)
    {
        string reference = method == "Format" ? "string.Format" : "StringBuilder";
        string which = inCount == n
            ? (n == 1 ? "The argument is" : "The arguments are")
            : (inCount == 1 ? "The first argument is" : $"The first {inCount} arguments are");
        string example = withProvider
            ? "a call with a <see langword=\"null\"/> format binds to the CompositeFormat overload (net8.0)"
            : $"a call whose first argument is <see langword=\"null\"/> (<c>{method}(null, \"{{0}}\", x)</c>) binds to the overload with a provider";
        return $"{which} taken by <see langword=\"in\"/> reference (a call passes values as usual) only so that overload "
            + $"resolution matches {reference}'s in every C# version: {example}, as with {reference}.";
    }

    private static string Parameters(int n, int inCount) =>
        Each(n, ", ", i => (i < inCount ? "in " : "") + $"T{i} arg{i}");

    private static string ArgumentList(int n) => Each(n, ", ", i => $"arg{i}");

    private static string TypeParameterDocs(int n) =>
        Each(n, "\n", i => $"    /// <typeparam name=\"T{i}\">The type of argument {{{i}}}.</typeparam>");

    private static string ArgumentDocs(int n) =>
        Each(n, "\n", i => $"    /// <param name=\"arg{i}\">The argument {{{i}}}.</param>");

    private static string Count(int n, string noun) => n == 1 ? $"one {noun}" : $"{n} {noun}s";

    private static string Join(IEnumerable<string> members) => string.Join("\n\n", members);

    private static string Each(int n, string separator, Func<int, string> item) =>
        string.Join(separator, Enumerable.Range(0, n).Select(item));
}
