extern alias ns20;

using System.Text;
using BenchmarkDotNet.Attributes;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Ascii;

/// <summary>UTF-16 to ASCII bytes: both FastText builds against the runtime's Ascii (the baseline), Encoding.ASCII and a naive loop.</summary>
[FastJob]
public class AsciiNarrowBenchmarks
{
    private char[] _source = [];
    private byte[] _destination = [];

    [ParamsSource(nameof(Lengths))]
    public int Length { get; set; }

    public static IEnumerable<int> Lengths => AsciiBenchmarkData.Lengths;

    [GlobalSetup]
    public void Setup()
    {
        _source = AsciiBenchmarkData.AsciiChars(Length);
        _destination = new byte[Length];
    }

    [Benchmark]
    public int NaiveLoop()
    {
        char[] source = _source;
        byte[] destination = _destination;
        for (int i = 0; i < source.Length; i++)
        {
            char c = source[i];
            if (c > 0x7F)
            {
                return i;
            }

            destination[i] = (byte)c;
        }

        return source.Length;
    }

    [Benchmark]
    public int FastTextNet8()
    {
        AsciiText.FromUtf16(_source, _destination, out int written);
        return written;
    }

    [Benchmark]
    public int FastTextNetStandard20()
    {
        ns20::FastText.AsciiText.FromUtf16(_source, _destination, out int written);
        return written;
    }

    [Benchmark(Baseline = true)]
    public int SystemTextAscii()
    {
        System.Text.Ascii.FromUtf16(_source, _destination, out int written);
        return written;
    }

    [Benchmark]
    public int EncodingAscii() => Encoding.ASCII.GetBytes(_source, _destination);

    [Benchmark]
    public int EncodingUtf8() => Encoding.UTF8.GetBytes(_source, _destination);
}
