using Microsoft.CodeAnalysis;

namespace FastText.Generators;

/// <summary>
/// FT0002: why the interceptor generator left a <c>KeyShape</c> call to the library's method. Reported only when the
/// project sets the MSBuild property <c>FastTextExplainKeyShapes</c> to <c>true</c>; the call's result is the same
/// either way, so the diagnostic is for a user who expected the generated code and measures the call.
/// </summary>
internal static class KeyShapeDiagnostics
{
    /// <summary>The diagnostic's ID.</summary>
    public const string LeftToLibraryId = "FT0002";

    /// <summary>The MSBuild property that turns the diagnostic on.</summary>
    public const string ExplainProperty = "FastTextExplainKeyShapes";

    private const string HelpLink = "https://github.com/fasttext-dotnet/FastText/blob/main/docs/keys.md#specialized-at-compile-time-the-interceptor-generator";

    public static readonly DiagnosticDescriptor LeftToLibrary = new(
        LeftToLibraryId,
        title: "KeyShape call left to the library's method",
        messageFormat: "This {0} call runs the library's KeyShape method, not code generated for its shape: {1}",
        category: "Performance",
        defaultSeverity: DiagnosticSeverity.Info,
        isEnabledByDefault: true,
        description: "The KeyShape interceptor generator replaces Build, TryFormat and TryFormatUtf8 calls on a shape it can see whole " +
            "with code written for that shape. This call is not one of them, for the reason given; it returns the same key either way. " +
            "Reported only when the project sets <FastTextExplainKeyShapes>true</FastTextExplainKeyShapes>.",
        helpLinkUri: HelpLink);
}
