extern alias ns20;

using BenchmarkDotNet.Attributes;

namespace FastText.Benchmarks;

/// <summary>Proves both builds load side by side; the real benchmarks live next to this file.</summary>
[MemoryDiagnoser]
public class BuildSanity
{
    private readonly char[] _source = "hello, world".ToCharArray();
    private readonly byte[] _destination = new byte[16];

    [Benchmark(Baseline = true)]
    public int Net8Build() => AsciiText.FromUtf16(_source, _destination, out int written) == System.Buffers.OperationStatus.Done ? written : -1;

    [Benchmark]
    public int NetStandard20Build() => ns20::FastText.AsciiText.FromUtf16(_source, _destination, out int written) == System.Buffers.OperationStatus.Done ? written : -1;
}
