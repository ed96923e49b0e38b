using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Mono;

/// <summary>Runs the classes of this assembly under the runtime that started it (Mono), in-process.</summary>
public static class Program
{
    /// <summary>BenchmarkDotNet's switcher; its command line as in bench/ (--filter, --list, --job Dry).</summary>
    public static void Main(string[] args) =>
        BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, DefaultConfig.Instance.AddExporter(CompareRolesExporter.Instance));
}
