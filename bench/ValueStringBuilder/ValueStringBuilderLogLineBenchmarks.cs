extern alias ns20;

using System.Text;
using BenchmarkDotNet.Attributes;
using Cysharp.Text;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.ValueStringBuilderBenchmarks;

/// <summary>
/// A ~120-char log line mixing strings, ints, a double, a DateTime and a Guid, all with the current culture.
/// The baseline is ZString's builder with the same Append calls as ours (<c>ZString.CreateStringBuilder()</c>);
/// ZString.Format, string.Format, interpolation, the runtime's handler on a stack buffer, a new and a reused
/// StringBuilder and ours (both builds) are the other rows. Every method must return the same string.
/// </summary>
[MemoryDiagnoser]
[FastJob]
public class ValueStringBuilderLogLineBenchmarks
{
    private const string Format = "{0:O} INFO user={1} action={2} status={3} items={4} elapsed={5:F2}ms request={6}";

    private readonly string _user = "alice";
    private readonly string _action = "GET /api/orders";
    private readonly int _status = 200;
    private readonly int _items = 42;
    private readonly double _elapsed = 12.3456;
    private readonly DateTime _time = new(2026, 11, 22, 3, 4, 5, 678, DateTimeKind.Utc);
    private readonly Guid _request = new("0f8fad5b-d9cb-469f-a165-70867728950e");
    private readonly StringBuilder _reused = new(256);

    [GlobalSetup]
    public void Setup() => SameResultCheck.ThrowUnlessAllAgree(this);

    [Benchmark(Baseline = true)]
    public string ZStringAppendCalls()
    {
        Utf16ValueStringBuilder b = ZString.CreateStringBuilder();
        try
        {
            b.Append(_time, "O");
            b.Append(" INFO user=");
            b.Append(_user);
            b.Append(" action=");
            b.Append(_action);
            b.Append(" status=");
            b.Append(_status);
            b.Append(" items=");
            b.Append(_items);
            b.Append(" elapsed=");
            b.Append(_elapsed, "F2");
            b.Append("ms request=");
            b.Append(_request);
            return b.ToString();
        }
        finally
        {
            b.Dispose();
        }
    }

    [Benchmark]
    public string ZStringFormat() =>
        ZString.Format(Format, _time, _user, _action, _status, _items, _elapsed, _request);

    [Benchmark]
    public string StringFormat() =>
        string.Format(Format, _time, _user, _action, _status, _items, _elapsed, _request);

    [Benchmark]
    public string Interpolation() =>
        $"{_time:O} INFO user={_user} action={_action} status={_status} items={_items} elapsed={_elapsed:F2}ms request={_request}";

    [Benchmark]
    public string DefaultHandlerOnStack() =>
        string.Create(null, stackalloc char[256], $"{_time:O} INFO user={_user} action={_action} status={_status} items={_items} elapsed={_elapsed:F2}ms request={_request}");

    [Benchmark]
    public string NewStringBuilder() =>
        new StringBuilder()
            .Append(_time.ToString("O")).Append(" INFO user=").Append(_user).Append(" action=").Append(_action)
            .Append(" status=").Append(_status).Append(" items=").Append(_items)
            .Append(" elapsed=").Append(_elapsed.ToString("F2")).Append("ms request=").Append(_request)
            .ToString();

    /// <summary>One StringBuilder kept by the caller and cleared per line: no builder allocation, only the string.</summary>
    [Benchmark]
    public string ReusedStringBuilder() =>
        _reused.Clear()
            .Append(_time.ToString("O")).Append(" INFO user=").Append(_user).Append(" action=").Append(_action)
            .Append(" status=").Append(_status).Append(" items=").Append(_items)
            .Append(" elapsed=").Append(_elapsed.ToString("F2")).Append("ms request=").Append(_request)
            .ToString();

    [Benchmark]
    public string OursAppendCalls()
    {
        var b = new ValueStringBuilder(stackalloc char[256]);
        b.Append(_time, "O");
        b.Append(" INFO user=");
        b.Append(_user);
        b.Append(" action=");
        b.Append(_action);
        b.Append(" status=");
        b.Append(_status);
        b.Append(" items=");
        b.Append(_items);
        b.Append(" elapsed=");
        b.Append(_elapsed, "F2");
        b.Append("ms request=");
        b.Append(_request);
        string result = b.ToString();
        b.Dispose();
        return result;
    }

    [Benchmark]
    public string OursInterpolated()
    {
        var b = new ValueStringBuilder(stackalloc char[256]);
        b.Append($"{_time:O} INFO user={_user} action={_action} status={_status} items={_items} elapsed={_elapsed:F2}ms request={_request}");
        string result = b.ToString();
        b.Dispose();
        return result;
    }

    [Benchmark]
    public string OursNetStandard20AppendCalls()
    {
        var b = new ns20::FastText.ValueStringBuilder(stackalloc char[256]);
        b.Append(_time, "O");
        b.Append(" INFO user=");
        b.Append(_user);
        b.Append(" action=");
        b.Append(_action);
        b.Append(" status=");
        b.Append(_status);
        b.Append(" items=");
        b.Append(_items);
        b.Append(" elapsed=");
        b.Append(_elapsed, "F2");
        b.Append("ms request=");
        b.Append(_request);
        string result = b.ToString();
        b.Dispose();
        return result;
    }

    [Benchmark]
    public string OursNetStandard20Interpolated()
    {
        var b = new ns20::FastText.ValueStringBuilder(stackalloc char[256]);
        b.Append($"{_time:O} INFO user={_user} action={_action} status={_status} items={_items} elapsed={_elapsed:F2}ms request={_request}");
        string result = b.ToString();
        b.Dispose();
        return result;
    }
}
