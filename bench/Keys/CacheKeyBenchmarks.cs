extern alias ns20;

using System.Globalization;
using BenchmarkDotNet.Attributes;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Keys;

/// <summary>
/// The cache key tenant:{tenantId}:user:{userId:N}:v{version}: interpolation, string.Concat and KeyShape; then the
/// same key as UTF-8 bytes for a client that takes bytes (Redis): a string encoded with Encoding.UTF8 into a reused
/// buffer, against KeyShape.TryFormatUtf8 straight into it (no string at all).
/// </summary>
[MemoryDiagnoser]
[FastJob]
public class CacheKeyBenchmarks
{
    private static readonly KeyShape<string?, Guid, int> Shape = KeyShape.Format(
        "tenant:{0}:user:{1}:v{2}", KeyPart.Text("tenantId", KeyTextRules.None), KeyPart.Guid("userId", "N"), KeyPart.Int32("version"));

    private static readonly ns20::FastText.KeyShape<string?, Guid, int> ShapeNs20 = ns20::FastText.KeyShape.Format(
        "tenant:{0}:user:{1}:v{2}", ns20::FastText.KeyPart.Text("tenantId", ns20::FastText.KeyTextRules.None),
        ns20::FastText.KeyPart.Guid("userId", "N"), ns20::FastText.KeyPart.Int32("version"));

    private readonly Guid _userId = new("0f8fad5b-d9cb-469f-a165-70867728950e");
    private string _tenantId = "";
    private int _version;
    private readonly byte[] _bytes = new byte[1024];

    /// <summary>The tenant id's length: short, typical, long.</summary>
    [Params(4, 16, 200)]
    public int TenantLength { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _tenantId = new string('t', TenantLength);
        _version = 1234;
        string expected = Interpolation();
        if (Concat() != expected || FastTextKeyShape() != expected || FastTextKeyShapeNetStandard20() != expected)
        {
            throw new InvalidOperationException("The cache key implementations disagree.");
        }

        byte[] expectedBytes = System.Text.Encoding.UTF8.GetBytes(expected);
        if (InterpolationThenUtf8() != expectedBytes.Length || FastTextKeyShapeUtf8() != expectedBytes.Length
            || !_bytes.AsSpan(0, expectedBytes.Length).SequenceEqual(expectedBytes))
        {
            throw new InvalidOperationException("The UTF-8 cache key implementations disagree.");
        }
    }

    [Benchmark(Baseline = true)]
    public string Interpolation() => string.Create(CultureInfo.InvariantCulture, $"tenant:{_tenantId}:user:{_userId:N}:v{_version}");

    [Benchmark]
    public string Concat() =>
        string.Concat("tenant:", _tenantId, ":user:", _userId.ToString("N"), ":v", _version.ToString(CultureInfo.InvariantCulture));

    [Benchmark]
    public string FastTextKeyShape() => Shape.Build(_tenantId, _userId, _version);

    [Benchmark]
    public string FastTextKeyShapeNetStandard20() => ShapeNs20.Build(_tenantId, _userId, _version);

    [Benchmark]
    public int InterpolationThenUtf8()
    {
        string key = string.Create(CultureInfo.InvariantCulture, $"tenant:{_tenantId}:user:{_userId:N}:v{_version}");
        return System.Text.Encoding.UTF8.GetBytes(key, 0, key.Length, _bytes, 0);
    }

    [Benchmark]
    public int FastTextKeyShapeUtf8()
    {
        Shape.TryFormatUtf8(_tenantId, _userId, _version, _bytes, out int written);
        return written;
    }
}
