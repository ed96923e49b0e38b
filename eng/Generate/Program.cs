using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;

namespace FastText.Generate;

/// <summary>
/// Writes the library's generated files from their templates, or with <c>-check</c> writes nothing and fails when a
/// committed file is not byte for byte what it would write (./build.sh test runs the check right after the build).
/// </summary>
internal static class Program
{
    private static int Main(string[] args)
    {
        bool check = args is ["-check"] or ["--check"];
        if (!check && args.Length > 0)
        {
            Console.Error.WriteLine("usage: dotnet run --project eng/Generate [-- -check]");
            return 2;
        }

        string root = FindRepositoryRoot();
        int stale = 0;
        int count = 0;
        foreach (GeneratedFile file in KeyShapeTemplate.Files().Concat(AsciiVectorTemplate.Files()).Concat(PowersOfFiveTemplate.Files()).Concat(TsvRowNumbersTemplate.Files())
            .Concat(AppendFormatTemplate.Files()).Concat(TextWriterTemplate.Files()))
        {
            count++;
            string path = Path.Combine(root, file.Path);
            byte[] expected = Encoding.UTF8.GetBytes(file.Text);
            byte[]? actual = File.Exists(path) ? File.ReadAllBytes(path) : null;
            if (actual is not null && expected.AsSpan().SequenceEqual(actual))
            {
                continue;
            }

            stale++;
            if (check)
            {
                Console.WriteLine($"  {file.Path}: {Describe(file.Text, actual)}");
            }
            else
            {
                File.WriteAllBytes(path, expected);
                Console.WriteLine($"  wrote {file.Path}");
            }
        }

        if (!check)
        {
            Console.WriteLine($"  {count} generated files, {stale} rewritten");
            return 0;
        }

        if (stale == 0)
        {
            Console.WriteLine($"  {count} generated files match their templates");
            return 0;
        }

        Console.WriteLine($"  FAIL: {stale} of {count} generated files differ from what eng/Generate writes. A generated file is edited");
        Console.WriteLine("  through its template (eng/Generate/*Template.cs); run `dotnet run --project eng/Generate` and commit the result.");
        return 1;
    }

    /// <summary>
    /// A line diff of the committed file against the generator's output (a longest common subsequence of lines; the
    /// files are small): how many lines each side has of its own, and the first few with their line numbers.
    /// </summary>
    private static string Describe(string expected, byte[]? actual)
    {
        if (actual is null)
        {
            return "missing";
        }

        string[] want = expected.Split('\n');
        string[] have = Encoding.UTF8.GetString(actual).Split('\n');
        int[,] common = new int[have.Length + 1, want.Length + 1];
        for (int i = have.Length - 1; i >= 0; i--)
        {
            for (int j = want.Length - 1; j >= 0; j--)
            {
                common[i, j] = string.Equals(have[i], want[j], StringComparison.Ordinal)
                    ? common[i + 1, j + 1] + 1
                    : Math.Max(common[i + 1, j], common[i, j + 1]);
            }
        }

        var lines = new List<string>();
        int removed = 0;
        int added = 0;
        for (int i = 0, j = 0; i < have.Length || j < want.Length;)
        {
            if (i < have.Length && j < want.Length && string.Equals(have[i], want[j], StringComparison.Ordinal))
            {
                i++;
                j++;
            }
            else if (j == want.Length || (i < have.Length && common[i + 1, j] >= common[i, j + 1]))
            {
                removed++;
                lines.Add($"      line {i + 1,4} - {have[i++].Trim()}");
            }
            else
            {
                added++;
                lines.Add($"      line {j + 1,4} + {want[j++].Trim()}");
            }
        }

        const int Shown = 8;
        string more = lines.Count > Shown ? $"\n      ... and {lines.Count - Shown} more" : "";
        return $"{removed} committed line(s) not generated, {added} generated line(s) not committed "
            + "(- committed, + generated)\n" + string.Join("\n", lines.Take(Shown)) + more;
    }

    /// <summary>The directory holding FastText.sln: the current one or the nearest above it.</summary>
    private static string FindRepositoryRoot()
    {
        for (DirectoryInfo? directory = new(Environment.CurrentDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "FastText.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException("FastText.sln not found in the current directory or above it: run from the repository.");
    }
}

/// <summary>One generated file: its path from the repository root, its template, and its text after the header.</summary>
internal sealed record GeneratedFile(string Path, string Template, string Body)
{
    /// <summary>The file as written: a header naming the template, then the body, with LF line ends.</summary>
    public string Text => $"""
        // Generated by eng/Generate from {Template}; edit the template, not this file, then run
        // `dotnet run --project eng/Generate` (./build.sh test fails while a generated file differs from its output).


        """ + Body.ReplaceLineEndings("\n");
}
