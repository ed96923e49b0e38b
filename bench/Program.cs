using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks;

public static class Program
{
    // The default configuration plus the roles report that ./build.sh bench compare reads (cheap: one small file).
    public static void Main(string[] args) =>
        BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, DefaultConfig.Instance.AddExporter(CompareRolesExporter.Instance));
}
