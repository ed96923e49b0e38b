using System.Numerics;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// GNU <c>cut -f</c> work over 100 MB in memory into a reused output buffer: fields 1,2,11 (stop after field 11)
/// and the open-ended "2-" (one slice per line). The baseline is the scanner tsvcut had of its own before it moved
/// onto the library (window IndexOf for '\n', then a Vector256 tab cursor per line), kept here only to show the
/// library's byte-exact reader plus <see cref="TsvRow.Fields"/> is at least as fast.
/// </summary>
[Config(typeof(TsvThroughputConfig))]
public class TsvCutBenchmarks
{
    private static readonly int[] Wanted = { 0, 1, 10 };
    private byte[] _data = Array.Empty<byte>();
    private byte[] _output = Array.Empty<byte>();

    /// <summary>Input size in MB (10^6 bytes), read by the MB/s column.</summary>
    [Params(100)]
    public int Megabytes { get; set; }

    /// <summary>"1,2,11" or "2-".</summary>
    [Params("1,2,11", "2-")]
    public string Fields { get; set; } = "1,2,11";

    [GlobalSetup]
    public void Setup()
    {
        byte[] sample = TsvBenchmarkData.Generate(10_000);
        var data = new List<byte>(Megabytes * 1_000_000 + sample.Length);
        while (data.Count < Megabytes * 1_000_000)
        {
            data.AddRange(sample);
        }

        _data = data.ToArray();
        _output = new byte[_data.Length + 1];

        // Both must do the same work: compare their outputs once.
        byte[] expected = _output.AsSpan(0, SampleCutterScanner()).ToArray();
        if (!expected.AsSpan().SequenceEqual(_output.AsSpan(0, LibraryByteExactFields())))
        {
            throw new InvalidOperationException("The library's cut differs from the sample scanner's.");
        }
    }

    [Benchmark(Baseline = true)]
    public int SampleCutterScanner()
    {
        ReadOnlySpan<byte> data = _data;
        int written = 0;
        bool openEnded = Fields == "2-";
        int start = 0;
        while (true)
        {
            int lineFeed = data.Slice(start).IndexOf((byte)'\n');
            if (lineFeed < 0)
            {
                break;
            }

            ReadOnlySpan<byte> line = data.Slice(start, lineFeed);
            start += lineFeed + 1;
            var tabs = new TabCursor(line);
            int tab = tabs.Next();
            if (tab < 0)
            {
                written = Append(line, written);
                _output[written++] = (byte)'\n';
                continue;
            }

            int field = 0;
            int fieldStart = 0;
            bool wrote = false;
            while (true)
            {
                if (openEnded && field == 1)
                {
                    written = Append(line.Slice(fieldStart), written);
                    break;
                }

                if (!openEnded && Array.IndexOf(Wanted, field) >= 0)
                {
                    if (wrote)
                    {
                        _output[written++] = (byte)'\t';
                    }

                    written = Append(tab < 0 ? line.Slice(fieldStart) : line.Slice(fieldStart, tab - fieldStart), written);
                    wrote = true;
                }

                if (tab < 0 || field >= 10)
                {
                    break;
                }

                fieldStart = tab + 1;
                tab = tabs.Next();
                field++;
            }

            _output[written++] = (byte)'\n';
        }

        return written;
    }

    [Benchmark]
    public int LibraryByteExactFields()
    {
        ReadOnlySpan<byte> data = _data;
        int written = 0;
        bool openEnded = Fields == "2-";
        using var reader = new TsvReader(TsvOptions.ByteExact);
        while (reader.TryReadRow(ref data, isFinalBlock: true, out TsvRow row))
        {
            TsvFieldEnumerator fields = row.Fields;
            fields.MoveNext();
            if (fields.IsLast)
            {
                written = Append(row.Line, written);
                _output[written++] = (byte)'\n';
                continue;
            }

            bool wrote = false;
            do
            {
                if (openEnded && fields.Index == 1)
                {
                    written = Append(fields.Rest, written);
                    break;
                }

                if (!openEnded && Array.IndexOf(Wanted, (int)fields.Index) >= 0)
                {
                    if (wrote)
                    {
                        _output[written++] = (byte)'\t';
                    }

                    written = Append(fields.Current, written);
                    wrote = true;
                }
            }
            while (fields.Index < 10 && fields.MoveNext());

            _output[written++] = (byte)'\n';
        }

        return written;
    }

    private int Append(ReadOnlySpan<byte> bytes, int written)
    {
        bytes.CopyTo(_output.AsSpan(written));
        return written + bytes.Length;
    }

    /// <summary>The replaced sample's tab cursor: 32-byte blocks, a compare mask walked with TrailingZeroCount, IndexOf for the tail.</summary>
    private ref struct TabCursor
    {
        private readonly ReadOnlySpan<byte> _line;
        private int _blockStart;
        private uint _mask;
        private int _scalarFrom;

        public TabCursor(ReadOnlySpan<byte> line)
        {
            _line = line;
            _blockStart = -Vector256<byte>.Count;
            _mask = 0;
            _scalarFrom = Vector256.IsHardwareAccelerated ? -1 : 0;
        }

        public int Next()
        {
            while (_mask == 0)
            {
                if (_scalarFrom >= 0)
                {
                    int found = _line.Slice(_scalarFrom).IndexOf((byte)'\t');
                    if (found < 0)
                    {
                        _scalarFrom = _line.Length;
                        return -1;
                    }

                    int at = _scalarFrom + found;
                    _scalarFrom = at + 1;
                    return at;
                }

                _blockStart += Vector256<byte>.Count;
                if (_blockStart > _line.Length - Vector256<byte>.Count)
                {
                    _scalarFrom = _blockStart;
                    continue;
                }

                Vector256<byte> bytes = Vector256.LoadUnsafe(ref MemoryMarshal.GetReference(_line), (nuint)_blockStart);
                _mask = Vector256.Equals(bytes, Vector256.Create((byte)'\t')).ExtractMostSignificantBits();
            }

            int tab = _blockStart + BitOperations.TrailingZeroCount(_mask);
            _mask &= _mask - 1;
            return tab;
        }
    }
}
