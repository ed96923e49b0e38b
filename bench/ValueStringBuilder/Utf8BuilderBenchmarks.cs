extern alias ns20;

using System.Buffers;
using System.Globalization;
using System.Text;
using System.Text.Unicode;
using BenchmarkDotNet.Attributes;
using Cysharp.Text;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.ValueStringBuilderBenchmarks;

/// <summary>
/// UTF-8 bytes of a log line (text, ints, a DateTime "O", a Guid; invariant culture) written into a caller's
/// 4 KiB byte array. Peers: ZString's UTF-8 builder (<c>ZString.CreateUtf8StringBuilder()</c>, then copied into the
/// array; the baseline), string.Format then Encoding.UTF8.GetBytes into the array, a reused StringBuilder then
/// GetBytes, the runtime's Utf8.TryWrite straight into the array, and ours over stackalloc
/// (then copied into the array), over a reused ArrayBufferWriter, and the netstandard2.0 build over stackalloc.
/// Every method must write the same number of bytes.
/// Small: 3-char user and message (~130 bytes); Typical: ~180 bytes; Large: a ~1,000-char message with
/// non-ASCII chars (ours outgrows the 512-byte stack buffer and rents once).
/// Filter: <c>--filter '*Utf8Builder*'</c>.
/// </summary>
[MemoryDiagnoser]
[FastJob]
public class Utf8BuilderLogLineBenchmarks
{
    private const string Format = "{0:O} INFO user={1} status={2} items={3} request={4} msg={5}";

    private static readonly StandardFormat RoundTripFormat = StandardFormat.Parse("O");

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    private readonly byte[] _destination = new byte[4096];
    private readonly StringBuilder _stringBuilder = new(4096);
    private readonly ArrayBufferWriter<byte> _writer = new(4096);
    private readonly DateTime _time = new(2026, 11, 22, 3, 4, 5, 678, DateTimeKind.Utc);
    private readonly Guid _request = new("0f8fad5b-d9cb-469f-a165-70867728950e");
    private readonly int _status = 200;
    private string _user = string.Empty;
    private int _items;
    private string _message = string.Empty;

    [Params("Small", "Typical", "Large")]
    public string Size { get; set; } = "Typical";

    [GlobalSetup]
    public void Setup()
    {
        (_user, _items, _message) = Size switch
        {
            "Small" => ("bob", 4, "ok"),
            "Typical" => ("alice.smith", 123456, "GET /api/orders?page=2 returned 42 orders"),
            _ => ("josé", int.MaxValue, string.Concat(Enumerable.Repeat("Größe über 9000 → done; ", 40))),
        };
        SameResultCheck.ThrowUnlessAllAgree(this);
    }

    /// <summary>ZString's UTF-8 builder formats numbers, dates and Guids with Utf8Formatter: invariant, as the others here.</summary>
    [Benchmark(Baseline = true)]
    public int ZStringCreateUtf8StringBuilder()
    {
        var b = ZString.CreateUtf8StringBuilder();
        try
        {
            b.Append(_time, RoundTripFormat);
            b.Append(" INFO user=");
            b.Append(_user);
            b.Append(" status=");
            b.Append(_status);
            b.Append(" items=");
            b.Append(_items);
            b.Append(" request=");
            b.Append(_request);
            b.Append(" msg=");
            b.Append(_message);
            b.AsSpan().CopyTo(_destination);
            return b.Length;
        }
        finally
        {
            b.Dispose();
        }
    }

    [Benchmark]
    public int StringFormatThenGetBytes() =>
        Encoding.UTF8.GetBytes(string.Format(Invariant, Format, _time, _user, _status, _items, _request, _message), _destination);

    [Benchmark]
    public int StringBuilderThenGetBytes()
    {
        StringBuilder sb = _stringBuilder.Clear();
        sb.Append(Invariant, $"{_time:O} INFO user={_user} status={_status} items={_items} request={_request} msg={_message}");
        return Encoding.UTF8.GetBytes(sb.ToString(), _destination);
    }

    [Benchmark]
    public int Utf8TryWrite()
    {
        Utf8.TryWrite(_destination, Invariant, $"{_time:O} INFO user={_user} status={_status} items={_items} request={_request} msg={_message}", out int written);
        return written;
    }

    [Benchmark]
    public int OursOnStackalloc()
    {
        var b = new Utf8ValueStringBuilder(stackalloc byte[512]);
        b.Append(Invariant, $"{_time:O} INFO user={_user} status={_status} items={_items} request={_request} msg={_message}");
        b.TryCopyTo(_destination, out int written);
        b.Dispose();
        return written;
    }

    /// <summary>
    /// The builder over the destination itself, as <c>Utf8.TryWrite</c> writes into it: no stack buffer to zero and
    /// no copy out (a line longer than the destination would move to a rented array; this one fits).
    /// </summary>
    [Benchmark]
    public int OursOverDestination()
    {
        var b = new Utf8ValueStringBuilder(_destination);
        b.Append(Invariant, $"{_time:O} INFO user={_user} status={_status} items={_items} request={_request} msg={_message}");
        int written = b.Length;
        b.Dispose();
        return written;
    }

    [Benchmark]
    public int OursOverArrayBufferWriter()
    {
        _writer.ResetWrittenCount();
        var b = new Utf8ValueStringBuilder(_writer);
        b.Append(Invariant, $"{_time:O} INFO user={_user} status={_status} items={_items} request={_request} msg={_message}");
        b.Dispose();
        return _writer.WrittenCount;
    }

    [Benchmark]
    public int OursNetStandard20OnStackalloc()
    {
        var b = new ns20::FastText.Utf8ValueStringBuilder(stackalloc byte[512]);
        b.Append(Invariant, $"{_time:O} INFO user={_user} status={_status} items={_items} request={_request} msg={_message}");
        b.TryCopyTo(_destination, out int written);
        b.Dispose();
        return written;
    }
}

/// <summary>
/// Ten ints, comma-separated, as UTF-8 into a caller's byte array, with the same peers as
/// <see cref="Utf8BuilderLogLineBenchmarks"/> (ZString's UTF-8 builder the baseline). Small: 1-digit values;
/// Typical: 6 digits; Large: 10 digits and negative. Filter: <c>--filter '*Utf8Builder*'</c>.
/// </summary>
[MemoryDiagnoser]
[FastJob]
public class Utf8BuilderTenIntsBenchmarks
{
    private const string Format = "{0},{1},{2},{3},{4},{5},{6},{7},{8},{9}";

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    private readonly byte[] _destination = new byte[4096];
    private readonly StringBuilder _stringBuilder = new(4096);
    private readonly ArrayBufferWriter<byte> _writer = new(4096);
    private int _a, _b, _c, _d, _e, _f, _g, _h, _i, _j;

    [Params("Small", "Typical", "Large")]
    public string Size { get; set; } = "Typical";

    [GlobalSetup]
    public void Setup()
    {
        int scale = Size switch { "Small" => 1, "Typical" => 100_000, _ => -1_000_000_000 };
        (_a, _b, _c, _d, _e) = (1 * scale, 2 * scale, 3 * scale, 4 * scale, 5 * scale);
        (_f, _g, _h, _i, _j) = (6 * scale / 3, 7 * scale / 3, 8 * scale / 5, 9 * scale / 7, 2 * scale);
        SameResultCheck.ThrowUnlessAllAgree(this);
    }

    [Benchmark(Baseline = true)]
    public int ZStringCreateUtf8StringBuilder()
    {
        var b = ZString.CreateUtf8StringBuilder();
        try
        {
            b.Append(_a);
            b.Append(',');
            b.Append(_b);
            b.Append(',');
            b.Append(_c);
            b.Append(',');
            b.Append(_d);
            b.Append(',');
            b.Append(_e);
            b.Append(',');
            b.Append(_f);
            b.Append(',');
            b.Append(_g);
            b.Append(',');
            b.Append(_h);
            b.Append(',');
            b.Append(_i);
            b.Append(',');
            b.Append(_j);
            b.AsSpan().CopyTo(_destination);
            return b.Length;
        }
        finally
        {
            b.Dispose();
        }
    }

    [Benchmark]
    public int StringFormatThenGetBytes() =>
        Encoding.UTF8.GetBytes(string.Format(Invariant, Format, _a, _b, _c, _d, _e, _f, _g, _h, _i, _j), _destination);

    [Benchmark]
    public int StringBuilderThenGetBytes()
    {
        StringBuilder sb = _stringBuilder.Clear();
        sb.Append(_a).Append(',').Append(_b).Append(',').Append(_c).Append(',').Append(_d).Append(',').Append(_e).Append(',')
          .Append(_f).Append(',').Append(_g).Append(',').Append(_h).Append(',').Append(_i).Append(',').Append(_j);
        return Encoding.UTF8.GetBytes(sb.ToString(), _destination);
    }

    [Benchmark]
    public int Utf8TryWrite()
    {
        Utf8.TryWrite(_destination, Invariant, $"{_a},{_b},{_c},{_d},{_e},{_f},{_g},{_h},{_i},{_j}", out int written);
        return written;
    }

    [Benchmark]
    public int OursOnStackalloc()
    {
        var b = new Utf8ValueStringBuilder(stackalloc byte[512]);
        b.Append(Invariant, $"{_a},{_b},{_c},{_d},{_e},{_f},{_g},{_h},{_i},{_j}");
        b.TryCopyTo(_destination, out int written);
        b.Dispose();
        return written;
    }

    [Benchmark]
    public int OursOverArrayBufferWriter()
    {
        _writer.ResetWrittenCount();
        var b = new Utf8ValueStringBuilder(_writer);
        b.Append(Invariant, $"{_a},{_b},{_c},{_d},{_e},{_f},{_g},{_h},{_i},{_j}");
        b.Dispose();
        return _writer.WrittenCount;
    }

    [Benchmark]
    public int OursNetStandard20OnStackalloc()
    {
        var b = new ns20::FastText.Utf8ValueStringBuilder(stackalloc byte[512]);
        b.Append(Invariant, $"{_a},{_b},{_c},{_d},{_e},{_f},{_g},{_h},{_i},{_j}");
        b.TryCopyTo(_destination, out int written);
        b.Dispose();
        return written;
    }
}
