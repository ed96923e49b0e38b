using System;
using System.Linq;
using System.Xml.Linq;

namespace FastText.PackageTools;

/// <summary>
/// The compiler documents internal members too (their `///` comments are for maintainers); the package must ship
/// documentation for its public API only, or IDEs and nuget.org show internals. Every documentation entry must match
/// a member of the assembly: an unknown ID fails, so a mistake in the ID spelling cannot silently drop or keep docs.
/// </summary>
internal static class DocumentationFilter
{
    public static int Run(string assemblyPath, string[] documentationPaths)
    {
        var visibility = MetadataApi.Read(assemblyPath).ToDictionary(e => e.DocumentationId, e => e.IsVisible, StringComparer.Ordinal);
        int status = 0;
        foreach (string path in documentationPaths)
        {
            var document = XDocument.Load(path, LoadOptions.PreserveWhitespace);
            var members = document.Root?.Element("members");
            if (members is null) continue;
            int removed = 0, kept = 0;
            foreach (var member in members.Elements("member").ToList())
            {
                string? id = (string?)member.Attribute("name");
                if (id is null || !visibility.TryGetValue(id, out bool visible))
                {
                    Console.Error.WriteLine($"filter-docs: '{id}' in {path} matches no member of {assemblyPath}");
                    status = 1;
                    continue;
                }
                if (visible) { kept++; continue; }
                if (member.PreviousNode is XText { Value: var whitespace } text && string.IsNullOrWhiteSpace(whitespace)) text.Remove();
                member.Remove();
                removed++;
            }
            if (removed > 0) document.Save(path, SaveOptions.DisableFormatting);
            Console.WriteLine($"filter-docs: {path}: kept {kept} public entries, removed {removed} non-public");
        }
        return status;
    }
}
