extern alias ns20;

using System.Globalization;
using BenchmarkDotNet.Attributes;

namespace FastText.Benchmarks.Keys;

/// <summary>The cache key tenant:{tenantId}:user:{userId:N}:v{version}: interpolation, string.Concat and KeyShape.</summary>
[MemoryDiagnoser]
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
}
