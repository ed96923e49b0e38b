using System.IO;
using System.Diagnostics;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>A fact that compares with GNU cut; skipped, with the reason, where no `cut` is on the PATH.</summary>
public sealed class TsvCutFactAttribute : FactAttribute
{
    public TsvCutFactAttribute()
    {
        if (GnuCut.Path is null)
        {
            Skip = "GNU cut is not on the PATH, so tsvcut cannot be compared with it.";
        }
    }
}

public static class GnuCut
{
    public static string? Path { get; } = Find();

    private static string? Find()
    {
        string[] directories = (Environment.GetEnvironmentVariable("PATH") ?? "").Split(System.IO.Path.PathSeparator);
        return directories.Select(d => System.IO.Path.Combine(d, "cut")).FirstOrDefault(File.Exists);
    }

    public static byte[] Run(string arguments, string file)
    {
        var start = new ProcessStartInfo(Path!, arguments + " " + file)
        {
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };
        using Process process = Process.Start(start)!;
        using var output = new MemoryStream();
        process.StandardOutput.BaseStream.CopyTo(output);
        process.WaitForExit();
        return output.ToArray();
    }
}
