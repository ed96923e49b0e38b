using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace FastText.Generators.Tests.Infrastructure;

/// <summary>The MSBuild properties a project makes visible to the compiler (build_property.*), as the package's
/// build props list them: FastTextInterceptKeyShapes and FastTextExplainKeyShapes.</summary>
internal sealed class ProjectProperties(string? interceptKeyShapes = null, string? explainKeyShapes = null) : AnalyzerConfigOptionsProvider
{
    public override AnalyzerConfigOptions GlobalOptions { get; } = new Options(new Dictionary<string, string?>
    {
        ["build_property.FastTextInterceptKeyShapes"] = interceptKeyShapes,
        ["build_property.FastTextExplainKeyShapes"] = explainKeyShapes,
    });

    public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => Options.Empty;

    public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => Options.Empty;

    private sealed class Options(Dictionary<string, string?> values) : AnalyzerConfigOptions
    {
        public static readonly Options Empty = new([]);

        public override bool TryGetValue(string key, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out string? value) =>
            values.TryGetValue(key, out value) && value is not null;
    }
}
