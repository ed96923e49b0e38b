extern alias ns20;

using System.Reflection;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Ascii;

/// <summary>
/// The netstandard2.0 build's two narrowing paths head to head (Vector&lt;T&gt; versus four chars per ulong), to
/// check that the dispatcher's preference for Vector&lt;T&gt; when it is accelerated is right. The paths are
/// internal to that assembly, so they are reached through delegates; both pay the same call cost.
/// </summary>
[FastJob]
public class AsciiNetStandardPathBenchmarks
{
    private delegate nuint NarrowPath(ref char source, ref byte destination, nuint length);

    private static readonly NarrowPath VectorT = Path("FastText.AsciiVectorT");
    private static readonly NarrowPath UInt64 = Path("FastText.AsciiUInt64");

    private char[] _source = [];
    private byte[] _destination = [];

    [Params(33, 1000, 10080)]
    public int Length { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _source = AsciiBenchmarkData.AsciiChars(Length);
        _destination = new byte[Length];
    }

    [Benchmark(Baseline = true)]
    public nuint UInt64Path() => UInt64(ref MemoryMarshal.GetArrayDataReference(_source), ref MemoryMarshal.GetArrayDataReference(_destination), (nuint)Length);

    [Benchmark]
    public nuint VectorTPath() => VectorT(ref MemoryMarshal.GetArrayDataReference(_source), ref MemoryMarshal.GetArrayDataReference(_destination), (nuint)Length);

    private static NarrowPath Path(string typeName)
    {
        Type type = typeof(ns20::FastText.AsciiText).Assembly.GetType(typeName, throwOnError: true)!;
        MethodInfo narrow = type.GetMethod("Narrow", BindingFlags.Public | BindingFlags.Static)!;
        return narrow.CreateDelegate<NarrowPath>();
    }
}
