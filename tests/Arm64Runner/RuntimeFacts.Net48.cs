using System;
using System.Reflection;

namespace FastText.Tests.Runner;

/// <summary>
/// The runtime line of the run report on .NET Framework: the Mono version when Mono runs it (Mono.Runtime's
/// internal GetDisplayName is what `mono --version` prints), and whether Vector&lt;T&gt; is accelerated, which picks
/// the netstandard2.0 build's ASCII path.
/// </summary>
internal static class RuntimeFacts
{
    public static string Describe()
    {
        Type? mono = Type.GetType("Mono.Runtime");
        string runtime = mono?.GetMethod("GetDisplayName", BindingFlags.NonPublic | BindingFlags.Static)?.Invoke(null, null) is string version
            ? $"Mono {version}"
            : $".NET Framework {Environment.Version}";
        return $"runtime: {runtime}; Vector.IsHardwareAccelerated={System.Numerics.Vector.IsHardwareAccelerated}";
    }

    /// <summary>The runtime switches the scripts vary between runs (-O=-simd turns Mono's SIMD intrinsics off).</summary>
    public static string Switches() =>
        $"MONO_ENV_OPTIONS={Environment.GetEnvironmentVariable("MONO_ENV_OPTIONS") ?? "(unset)"}";
}
