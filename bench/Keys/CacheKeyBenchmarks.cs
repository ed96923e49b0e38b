extern alias ns20;

using System.Buffers;
using System.Globalization;
using System.Text.Unicode;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Keys;

/// <summary>
/// The cache key tenant:{tenantId}:user:{userId:N}:v{version} of the README, two categories:
/// <c>String</c>: a hand-written <c>string.Create</c> with the length computed first (the baseline: what a team
/// writes for one hot key), interpolation, string.Concat and KeyShape (both builds);
/// <c>Utf8</c>: the same key as UTF-8 bytes for a client that takes bytes (Redis) into a reused buffer: the
/// runtime's <c>Utf8.TryWrite($"...")</c> (the baseline), an interpolated string encoded with Encoding.UTF8, and
/// KeyShape.TryFormatUtf8 (both builds; no string at all);
/// <c>Chars</c>: the key's chars into a reused buffer: the runtime's <c>MemoryExtensions.TryWrite($"...")</c> (the
/// baseline) and KeyShape.TryFormat (both builds).
/// The project references the KeyShape interceptor generator as the package does, so <c>FastTextKeyShape</c> and
/// <c>FastTextKeyShapeUtf8</c> run the code it writes for this shape; the <c>...Library</c> rows call the same shape
/// through a field the generator cannot see whole (a copy), so they run the library's composer, as a project on an
/// older compiler (or with FastTextInterceptKeyShapes=false) does. The netstandard2.0 build is never intercepted.
/// </summary>
[MemoryDiagnoser]
[FastJob]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class CacheKeyBenchmarks
{
    private const string StringCategory = "String";
    private const string Utf8Category = "Utf8";
    private const string CharsCategory = "Chars";

    private static readonly KeyShape<string?, Guid, int> Shape = KeyShape.Format(
        "tenant:{0}:user:{1}:v{2}", KeyPart.Text("tenantId", KeyTextRules.None), KeyPart.Guid("userId", "N"), KeyPart.Int32("version"));

    // Initialized from another field, not from KeyShape.Format: the generator leaves its calls to the library.
    private static readonly KeyShape<string?, Guid, int> ShapeLibrary = Shape;

    private static readonly ns20::FastText.KeyShape<string?, Guid, int> ShapeNs20 = ns20::FastText.KeyShape.Format(
        "tenant:{0}:user:{1}:v{2}", ns20::FastText.KeyPart.Text("tenantId", ns20::FastText.KeyTextRules.None),
        ns20::FastText.KeyPart.Guid("userId", "N"), ns20::FastText.KeyPart.Int32("version"));

    private readonly Guid _userId = new("0f8fad5b-d9cb-469f-a165-70867728950e");
    private string _tenantId = "";
    private int _version;
    private readonly byte[] _bytes = new byte[1024];
    private readonly char[] _chars = new char[1024];

    /// <summary>The tenant id's length: short, typical, long.</summary>
    [Params(4, 16, 200)]
    public int TenantLength { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _tenantId = new string('t', TenantLength);
        _version = 1234;
        // Every string method returns the same key, every UTF-8 method the same length (SameResultCheck); each UTF-8
        // method must also leave the same bytes in the buffer.
        SameResultCheck.ThrowUnlessAllAgree(this);
        byte[] expectedBytes = System.Text.Encoding.UTF8.GetBytes(HandWrittenStringCreate());
        foreach (Func<int> writeUtf8 in new Func<int>[] { Utf8TryWrite, InterpolationThenUtf8, FastTextKeyShapeUtf8, FastTextKeyShapeLibraryUtf8, FastTextKeyShapeNetStandard20Utf8 })
        {
            _bytes.AsSpan().Clear();
            if (writeUtf8() != expectedBytes.Length || !_bytes.AsSpan(0, expectedBytes.Length).SequenceEqual(expectedBytes))
            {
                throw new InvalidOperationException($"The UTF-8 cache key of {writeUtf8.Method.Name} differs from the string key's bytes.");
            }
        }

        string expectedKey = HandWrittenStringCreate();
        foreach (Func<int> writeChars in new Func<int>[] { SpanTryWrite, FastTextKeyShapeChars, FastTextKeyShapeLibraryChars, FastTextKeyShapeNetStandard20Chars })
        {
            _chars.AsSpan().Clear();
            if (!_chars.AsSpan(0, writeChars()).SequenceEqual(expectedKey))
            {
                throw new InvalidOperationException($"The cache key chars of {writeChars.Method.Name} differ from the string key.");
            }
        }
    }

    [Benchmark(Baseline = true), BenchmarkCategory(StringCategory)]
    public string HandWrittenStringCreate() => HandWrittenCacheKey.Build(_tenantId, _userId, _version);

    [Benchmark, BenchmarkCategory(StringCategory)]
    public string Interpolation() => string.Create(CultureInfo.InvariantCulture, $"tenant:{_tenantId}:user:{_userId:N}:v{_version}");

    [Benchmark, BenchmarkCategory(StringCategory)]
    public string Concat() =>
        string.Concat("tenant:", _tenantId, ":user:", _userId.ToString("N"), ":v", _version.ToString(CultureInfo.InvariantCulture));

    [Benchmark, BenchmarkCategory(StringCategory)]
    public string FastTextKeyShape() => Shape.Build(_tenantId, _userId, _version);

    [Benchmark, BenchmarkCategory(StringCategory)]
    public string FastTextKeyShapeLibrary() => ShapeLibrary.Build(_tenantId, _userId, _version);

    [Benchmark, BenchmarkCategory(StringCategory)]
    public string FastTextKeyShapeNetStandard20() => ShapeNs20.Build(_tenantId, _userId, _version);

    [Benchmark(Baseline = true), BenchmarkCategory(CharsCategory)]
    public int SpanTryWrite()
    {
        _chars.AsSpan().TryWrite(CultureInfo.InvariantCulture, $"tenant:{_tenantId}:user:{_userId:N}:v{_version}", out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory(CharsCategory)]
    public int FastTextKeyShapeChars()
    {
        Shape.TryFormat(_tenantId, _userId, _version, _chars, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory(CharsCategory)]
    public int FastTextKeyShapeLibraryChars()
    {
        ShapeLibrary.TryFormat(_tenantId, _userId, _version, _chars, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory(CharsCategory)]
    public int FastTextKeyShapeNetStandard20Chars()
    {
        ShapeNs20.TryFormat(_tenantId, _userId, _version, _chars, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory(Utf8Category)]
    public int Utf8TryWrite()
    {
        Utf8.TryWrite(_bytes, CultureInfo.InvariantCulture, $"tenant:{_tenantId}:user:{_userId:N}:v{_version}", out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory(Utf8Category)]
    public int InterpolationThenUtf8()
    {
        string key = string.Create(CultureInfo.InvariantCulture, $"tenant:{_tenantId}:user:{_userId:N}:v{_version}");
        return System.Text.Encoding.UTF8.GetBytes(key, 0, key.Length, _bytes, 0);
    }

    [Benchmark, BenchmarkCategory(Utf8Category)]
    public int FastTextKeyShapeUtf8()
    {
        Shape.TryFormatUtf8(_tenantId, _userId, _version, _bytes, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory(Utf8Category)]
    public int FastTextKeyShapeLibraryUtf8()
    {
        ShapeLibrary.TryFormatUtf8(_tenantId, _userId, _version, _bytes, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory(Utf8Category)]
    public int FastTextKeyShapeNetStandard20Utf8()
    {
        ShapeNs20.TryFormatUtf8(_tenantId, _userId, _version, _bytes, out int written);
        return written;
    }
}

/// <summary>
/// The hand-written version of the cache key a team writes for this one shape: the exact length first (the tenant
/// as is, 32 hex digits, the version's digits), then string.Create with a static SpanAction writing into the string.
/// </summary>
internal static class HandWrittenCacheKey
{
    private const string TenantLabel = "tenant:";
    private const string UserLabel = ":user:";
    private const string VersionLabel = ":v";
    private const int GuidNLength = 32;

    private static readonly SpanAction<char, (string Tenant, Guid User, int Version)> WriteKey = static (span, key) =>
    {
        TenantLabel.AsSpan().CopyTo(span);
        int position = TenantLabel.Length;
        key.Tenant.AsSpan().CopyTo(span.Slice(position));
        position += key.Tenant.Length;
        UserLabel.AsSpan().CopyTo(span.Slice(position));
        position += UserLabel.Length;
        key.User.TryFormat(span.Slice(position), out int guidWritten, "N");
        position += guidWritten;
        VersionLabel.AsSpan().CopyTo(span.Slice(position));
        position += VersionLabel.Length;
        key.Version.TryFormat(span.Slice(position), out _, default, CultureInfo.InvariantCulture);
    };

    internal static string Build(string tenant, Guid user, int version)
    {
        int length = TenantLabel.Length + tenant.Length + UserLabel.Length + GuidNLength + VersionLabel.Length + DigitCount(version);
        return string.Create(length, (Tenant: tenant, User: user, Version: version), WriteKey);
    }

    /// <summary>The chars of <paramref name="value"/> in the invariant culture: its digits and a leading '-'.</summary>
    private static int DigitCount(int value)
    {
        uint magnitude = value < 0 ? (uint)-(long)value : (uint)value;
        int digits = 1;
        while (magnitude >= 10)
        {
            magnitude /= 10;
            digits++;
        }

        return value < 0 ? digits + 1 : digits;
    }
}
