using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using System.Text.Json;
using System.Xml.Linq;

namespace FastText.PackageTools;

/// <summary>
/// Opens the .nupkg and its .snupkg the way a user's tools would and fails on anything that would make the package
/// untrustworthy or unusable: a missing target framework folder, README or license; XML documentation with
/// non-public entries; PDBs that do not belong to the DLLs; a build that was not deterministic or not a CI build
/// (local paths in the PDBs); SourceLink missing or pointing anywhere but the repository at the packed commit; a
/// dependency that differs from the project's declared PackageReference/PackageVersion items; the FT0001 analyzer
/// missing from analyzers/dotnet/cs.
/// </summary>
internal static class PackageCheck
{
    private static readonly string[] TargetFrameworks = ["netstandard2.0", "net8.0"];
    private static readonly Dictionary<string, string> NuspecGroupNames = new(StringComparer.Ordinal)
    {
        ["netstandard2.0"] = ".NETStandard2.0",
        ["net8.0"] = "net8.0",
    };

    public static int Run(string packagePath, string repositoryUrl, string[] declaredDependencies)
    {
        var failures = new List<string>();
        string symbolsPath = Path.ChangeExtension(packagePath, ".snupkg");
        using var package = ZipFile.OpenRead(packagePath);
        using var symbols = File.Exists(symbolsPath) ? ZipFile.OpenRead(symbolsPath) : null;
        if (symbols is null) failures.Add($"no symbol package next to it: {symbolsPath}");

        var nuspecEntry = package.Entries.Single(e => e.FullName.EndsWith(".nuspec", StringComparison.Ordinal) && !e.FullName.Contains('/', StringComparison.Ordinal));
        XDocument nuspec;
        using (var stream = nuspecEntry.Open()) nuspec = XDocument.Load(stream);
        XNamespace ns = nuspec.Root!.Name.Namespace;
        var metadata = nuspec.Root.Element(ns + "metadata")!;

        // README and license.
        string? readme = metadata.Element(ns + "readme")?.Value;
        if (readme is null || package.GetEntry(readme) is null) failures.Add("the nuspec names no readme, or the readme file is not in the package");
        else CheckReadme(package.GetEntry(readme)!, failures);
        if (metadata.Element(ns + "license")?.Value != "MIT") failures.Add("the license expression is not MIT");
        if (package.GetEntry("LICENSE") is null) failures.Add("LICENSE is not in the package");
        CheckAnalyzer(package, failures);

        // Repository metadata: the commit SourceLink must point at.
        var repository = metadata.Element(ns + "repository");
        string? commit = repository?.Attribute("commit")?.Value;
        string? nuspecRepositoryUrl = repository?.Attribute("url")?.Value;
        if (nuspecRepositoryUrl is null || !nuspecRepositoryUrl.StartsWith("https://github.com/", StringComparison.Ordinal))
            failures.Add($"the nuspec repository URL is '{nuspecRepositoryUrl}', expected a https://github.com/ URL");
        if (string.IsNullOrEmpty(commit)) failures.Add("the nuspec repository element has no commit");

        foreach (string tfm in TargetFrameworks)
        {
            var dll = package.GetEntry($"lib/{tfm}/FastText.dll");
            var xml = package.GetEntry($"lib/{tfm}/FastText.xml");
            var pdb = symbols?.GetEntry($"lib/{tfm}/FastText.pdb");
            if (dll is null) { failures.Add($"lib/{tfm}/FastText.dll is missing"); continue; }
            byte[] dllBytes = ReadAll(dll);
            if (xml is null) failures.Add($"lib/{tfm}/FastText.xml (documentation) is missing");
            else CheckDocumentation(tfm, dllBytes, xml, failures);
            if (package.Entries.Any(e => e.FullName == $"lib/{tfm}/FastText.pdb")) failures.Add($"lib/{tfm}/FastText.pdb is in the .nupkg; symbols belong in the .snupkg");
            if (pdb is null) { failures.Add($"lib/{tfm}/FastText.pdb is missing from the symbol package"); continue; }
            CheckSymbols(tfm, dllBytes, ReadAll(pdb), repositoryUrl, commit, failures);
        }
        CheckDependencies(metadata, ns, declaredDependencies, failures);

        if (failures.Count == 0)
        {
            Console.WriteLine($"check-package: {Path.GetFileName(packagePath)} and its symbols are sound ({string.Join(", ", TargetFrameworks)}; SourceLink -> {repositoryUrl} @ {commit})");
            return 0;
        }
        Console.Error.WriteLine($"check-package: {Path.GetFileName(packagePath)} FAILED:");
        foreach (string failure in failures) Console.Error.WriteLine("  - " + failure);
        return 1;
    }

    /// <summary>
    /// The analyzers and their MSBuild file, and nothing else under analyzers/, build/ or buildTransitive/: the FT0001
    /// analyzer in analyzers/dotnet/cs, built against a Microsoft.CodeAnalysis no newer than the documented minimum
    /// compiler; the KeyShape interceptor generator in analyzers/dotnet/roslyn4.14/cs (only compilers with that API
    /// load it), built against 4.14 at most; and build/ and buildTransitive/FastText.props, the same file, which lists
    /// the generator's namespace in InterceptorsNamespaces. No other MSBuild file: the build-time LangVersion check
    /// FT0001 replaced warned in every C# &lt; 10 project, calls or not.
    /// </summary>
    /// <param name="package">The .nupkg.</param>
    /// <param name="failures">Collects the findings.</param>
    private static void CheckAnalyzer(ZipArchive package, List<string> failures)
    {
        const string analyzerPath = "analyzers/dotnet/cs/FastText.Analyzers.dll";
        const string generatorPath = "analyzers/dotnet/roslyn4.14/cs/FastText.Generators.dll";
        string[] propsPaths = ["build/FastText.props", "buildTransitive/FastText.props"];
        var unexpected = package.Entries.Select(e => e.FullName)
            .Where(name => (name.StartsWith("analyzers/", StringComparison.Ordinal) && name != analyzerPath && name != generatorPath)
                || ((name.StartsWith("build/", StringComparison.Ordinal) || name.StartsWith("buildTransitive/", StringComparison.Ordinal)) && !propsPaths.Contains(name)))
            .ToList();
        if (unexpected.Count > 0) failures.Add($"unexpected analyzer or MSBuild files in the package: {string.Join(", ", unexpected)}");
        CheckCompilerPlugin(package, analyzerPath, "DiagnosticAnalyzerAttribute", MaxAnalyzerRoslynVersion, failures);
        CheckCompilerPlugin(package, generatorPath, "GeneratorAttribute", MaxGeneratorRoslynVersion, failures);

        string?[] props = propsPaths.Select(path => package.GetEntry(path) is { } entry ? System.Text.Encoding.UTF8.GetString(ReadAll(entry)) : null).ToArray();
        if (props[0] is null || props[1] is null) failures.Add($"{string.Join(" and ", propsPaths)} must both be in the package");
        else if (props[0] != props[1]) failures.Add($"{propsPaths[0]} and {propsPaths[1]} differ");
        else if (!props[0]!.Contains("FastText.Generated", StringComparison.Ordinal)) failures.Add($"{propsPaths[0]} does not list FastText.Generated in InterceptorsNamespaces");
    }

    /// <summary>One compiler plug-in: a .NET assembly at <paramref name="path"/> with a type carrying
    /// <paramref name="attribute"/>, referencing one Microsoft.CodeAnalysis no newer than <paramref name="maxRoslyn"/>.</summary>
    private static void CheckCompilerPlugin(ZipArchive package, string path, string attribute, Version maxRoslyn, List<string> failures)
    {
        var entry = package.GetEntry(path);
        if (entry is null) { failures.Add($"{path} is missing"); return; }
        using var pe = new PEReader(new MemoryStream(ReadAll(entry)));
        if (!pe.HasMetadata) { failures.Add($"{path} is not a .NET assembly"); return; }
        var reader = pe.GetMetadataReader();
        var roslyn = reader.AssemblyReferences.Select(h => reader.GetAssemblyReference(h))
            .Where(r => reader.GetString(r.Name) == "Microsoft.CodeAnalysis").Select(r => r.Version).ToList();
        if (roslyn.Count != 1 || roslyn[0] > maxRoslyn)
            failures.Add($"{path} references Microsoft.CodeAnalysis {string.Join(", ", roslyn)}, expected one reference no newer than {maxRoslyn} (the oldest compiler that loads it)");
        bool declares = reader.TypeDefinitions.Select(h => reader.GetTypeDefinition(h))
            .Any(t => t.GetCustomAttributes().Any(a => AttributeTypeName(reader, reader.GetCustomAttribute(a)) == attribute));
        if (!declares) failures.Add($"{path} declares no [{attribute.Replace("Attribute", string.Empty, StringComparison.Ordinal)}] type");
    }

    /// <summary>Microsoft.CodeAnalysis 4.3.x (.NET SDK 6.0.400, Visual Studio 2022 17.3): the analyzer's minimum compiler.</summary>
    private static readonly Version MaxAnalyzerRoslynVersion = new(4, 3, 0, 0);

    /// <summary>Microsoft.CodeAnalysis 4.14.x (.NET SDK 9.0.300, Visual Studio 2022 17.14): the generator's folder.</summary>
    private static readonly Version MaxGeneratorRoslynVersion = new(4, 14, 0, 0);

    private static string? AttributeTypeName(MetadataReader reader, CustomAttribute attribute) => attribute.Constructor.Kind switch
    {
        HandleKind.MemberReference when reader.GetMemberReference((MemberReferenceHandle)attribute.Constructor).Parent is { Kind: HandleKind.TypeReference } parent
            => reader.GetString(reader.GetTypeReference((TypeReferenceHandle)parent).Name),
        _ => null,
    };

    private static void CheckReadme(ZipArchiveEntry readme, List<string> failures)
    {
        using var reader = new StreamReader(readme.Open());
        string text = reader.ReadToEnd();
        // nuget.org resolves no relative links: every Markdown link target must be absolute.
        foreach (System.Text.RegularExpressions.Match link in System.Text.RegularExpressions.Regex.Matches(text, @"\]\((?<target>[^)]*)\)", System.Text.RegularExpressions.RegexOptions.ExplicitCapture, TimeSpan.FromSeconds(1)))
            if (!link.Groups["target"].Value.StartsWith("https://", StringComparison.Ordinal))
                failures.Add($"the package README links to '{link.Groups["target"].Value}', which is not an absolute https URL");
        foreach (string word in new[] { "build.sh", "dotnet test", "fuzz" })
            if (text.Contains(word, StringComparison.OrdinalIgnoreCase))
                failures.Add($"the package README mentions '{word}': development-process text belongs in the repository README");
    }

    private static void CheckDocumentation(string tfm, byte[] dllBytes, ZipArchiveEntry xml, List<string> failures)
    {
        using var pe = new PEReader(new MemoryStream(dllBytes));
        var visibility = MetadataApi.Read(pe.GetMetadataReader()).ToDictionary(e => e.DocumentationId, e => e.IsVisible, StringComparer.Ordinal);
        XDocument document;
        using (var stream = xml.Open()) document = XDocument.Load(stream);
        var ids = document.Descendants("member").Select(m => (string?)m.Attribute("name") ?? "").ToList();
        var nonPublic = ids.Where(id => !visibility.TryGetValue(id, out bool visible) || !visible).ToList();
        if (nonPublic.Count > 0)
            failures.Add($"lib/{tfm}/FastText.xml documents {nonPublic.Count} non-public or unknown members, e.g. {string.Join(", ", nonPublic.Take(3))}");
        if (ids.Count == 0) failures.Add($"lib/{tfm}/FastText.xml documents nothing");
    }

    private static void CheckSymbols(string tfm, byte[] dllBytes, byte[] pdbBytes, string repositoryUrl, string? commit, List<string> failures)
    {
        using var pe = new PEReader(new MemoryStream(dllBytes));
        var debugEntries = pe.ReadDebugDirectory();
        if (!debugEntries.Any(e => e.Type == DebugDirectoryEntryType.Reproducible))
            failures.Add($"lib/{tfm}/FastText.dll was not built deterministically (no Reproducible debug directory entry)");
        var codeView = debugEntries.Where(e => e.Type == DebugDirectoryEntryType.CodeView).Select(e => (DebugDirectoryEntry?)e).FirstOrDefault();
        if (codeView is null) { failures.Add($"lib/{tfm}/FastText.dll has no CodeView entry: it names no PDB"); return; }
        var codeViewData = pe.ReadCodeViewDebugDirectoryData(codeView.Value);

        using var pdbProvider = MetadataReaderProvider.FromPortablePdbStream(new MemoryStream(pdbBytes));
        var pdb = pdbProvider.GetMetadataReader();
        var id = new BlobContentId(pdb.DebugMetadataHeader!.Id);
        if (id.Guid != codeViewData.Guid || id.Stamp != codeView.Value.Stamp)
            failures.Add($"lib/{tfm}/FastText.pdb does not match the DLL (PDB id {id.Guid}/{id.Stamp:x8}, DLL expects {codeViewData.Guid}/{codeView.Value.Stamp:x8})");

        var documents = pdb.Documents.Select(h => pdb.GetString(pdb.GetDocument(h).Name)).ToList();
        var localPaths = documents.Where(d => !d.StartsWith("/_/", StringComparison.Ordinal)).ToList();
        if (localPaths.Count > 0)
            failures.Add($"lib/{tfm}/FastText.pdb has machine paths ({localPaths[0]}): ContinuousIntegrationBuild was off");

        string? sourceLink = ReadCustomDebugInformation(pdb, new Guid("CC110556-A091-4D38-9FEC-25AB9A351A6A"));
        if (sourceLink is null) { failures.Add($"lib/{tfm}/FastText.pdb has no SourceLink map"); return; }
        string expectedPrefix = repositoryUrl.Replace("https://github.com/", "https://raw.githubusercontent.com/", StringComparison.Ordinal).TrimEnd('/') + "/" + commit + "/";
        using var json = JsonDocument.Parse(sourceLink);
        var targets = json.RootElement.GetProperty("documents").EnumerateObject().Select(p => p.Value.GetString() ?? "").ToList();
        if (targets.Count == 0 || targets.Any(t => !t.StartsWith(expectedPrefix, StringComparison.Ordinal)))
            failures.Add($"lib/{tfm}/FastText.pdb SourceLink maps to {string.Join(", ", targets)}, expected {expectedPrefix}*");
        bool everyDocumentMapped = documents.All(d => d.StartsWith("/_/", StringComparison.Ordinal) || HasEmbeddedSource(pdb, d));
        if (!everyDocumentMapped) failures.Add($"lib/{tfm}/FastText.pdb has documents SourceLink cannot serve");
    }

    private static bool HasEmbeddedSource(MetadataReader pdb, string documentName) =>
        pdb.Documents.Any(h => pdb.GetString(pdb.GetDocument(h).Name) == documentName
            && pdb.GetCustomDebugInformation(h).Any(c => pdb.GetGuid(pdb.GetCustomDebugInformation(c).Kind) == new Guid("0E8A571B-6926-466E-B4AD-8AB04611F5FE")));

    private static string? ReadCustomDebugInformation(MetadataReader pdb, Guid kind)
    {
        foreach (var handle in pdb.GetCustomDebugInformation(EntityHandle.ModuleDefinition))
        {
            var information = pdb.GetCustomDebugInformation(handle);
            if (pdb.GetGuid(information.Kind) == kind) return System.Text.Encoding.UTF8.GetString(pdb.GetBlobBytes(information.Value));
        }
        return null;
    }

    /// <summary>The nuspec's dependency group of each target must list exactly the project's PackageReference items.</summary>
    /// <param name="declared">tfm=path of `dotnet msbuild -getItem:PackageReference -getItem:PackageVersion` JSON output.</param>
    /// <param name="metadata">The nuspec's metadata element.</param>
    /// <param name="ns">The nuspec's XML namespace.</param>
    /// <param name="failures">Collects the findings.</param>
    private static void CheckDependencies(XElement metadata, XNamespace ns, string[] declared, List<string> failures)
    {
        var groups = metadata.Element(ns + "dependencies")?.Elements(ns + "group").ToList() ?? [];
        foreach (string argument in declared)
        {
            string tfm = argument[..argument.IndexOf('=', StringComparison.Ordinal)];
            using var json = JsonDocument.Parse(File.ReadAllText(argument[(tfm.Length + 1)..]));
            var items = json.RootElement.GetProperty("Items");
            var versions = items.TryGetProperty("PackageVersion", out var packageVersions)
                ? packageVersions.EnumerateArray().ToDictionary(v => v.GetProperty("Identity").GetString()!, v => v.GetProperty("Version").GetString()!, StringComparer.OrdinalIgnoreCase)
                : new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
            var expected = items.GetProperty("PackageReference").EnumerateArray()
                .Where(r => !(r.TryGetProperty("PrivateAssets", out var p) && p.GetString() == "all") && !(r.TryGetProperty("IsImplicitlyDefined", out var i) && i.GetString() == "true"))
                .Select(r =>
                {
                    string name = r.GetProperty("Identity").GetString()!;
                    string version = r.TryGetProperty("Version", out var v) && v.GetString() is { Length: > 0 } direct ? direct : versions.GetValueOrDefault(name, "?");
                    return name + " " + version;
                })
                .Order(StringComparer.OrdinalIgnoreCase).ToList();
            var group = groups.FirstOrDefault(g => g.Attribute("targetFramework")?.Value == NuspecGroupNames.GetValueOrDefault(tfm, tfm));
            var actual = (group?.Elements(ns + "dependency") ?? [])
                .Select(d => d.Attribute("id")!.Value + " " + d.Attribute("version")!.Value)
                .Order(StringComparer.OrdinalIgnoreCase).ToList();
            if (!expected.SequenceEqual(actual, StringComparer.OrdinalIgnoreCase))
                failures.Add($"{tfm} dependencies are [{string.Join(", ", actual)}], the project declares [{string.Join(", ", expected)}]");
        }
    }

    private static byte[] ReadAll(ZipArchiveEntry entry)
    {
        using var stream = entry.Open();
        using var memory = new MemoryStream();
        stream.CopyTo(memory);
        return memory.ToArray();
    }
}
