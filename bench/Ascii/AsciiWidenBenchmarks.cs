extern alias ns20;

using System.Text;
using BenchmarkDotNet.Attributes;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Ascii;

/// <summary>ASCII bytes to UTF-16: both FastText builds against the runtime's Ascii (the baseline), Encoding.ASCII and a naive loop.</summary>
[FastJob]
public class AsciiWidenBenchmarks
{
    private byte[] _source = [];
    private char[] _destination = [];

    [ParamsSource(nameof(Lengths))]
    public int Length { get; set; }

    public static IEnumerable<int> Lengths => AsciiBenchmarkData.Lengths;

    [GlobalSetup]
    public void Setup()
    {
        _source = Encoding.ASCII.GetBytes(AsciiBenchmarkData.AsciiChars(Length));
        _destination = new char[Length];
    }

    [Benchmark]
    public int NaiveLoop()
    {
        byte[] source = _source;
        char[] destination = _destination;
        for (int i = 0; i < source.Length; i++)
        {
            byte b = source[i];
            if (b > 0x7F)
            {
                return i;
            }

            destination[i] = (char)b;
        }

        return source.Length;
    }

    [Benchmark]
    public int FastTextNet8()
    {
        AsciiText.ToUtf16(_source, _destination, out int written);
        return written;
    }

    [Benchmark]
    public int FastTextNetStandard20()
    {
        ns20::FastText.AsciiText.ToUtf16(_source, _destination, out int written);
        return written;
    }

    [Benchmark(Baseline = true)]
    public int SystemTextAscii()
    {
        System.Text.Ascii.ToUtf16(_source, _destination, out int written);
        return written;
    }

    [Benchmark]
    public int EncodingAscii() => Encoding.ASCII.GetChars(_source, _destination);
}
