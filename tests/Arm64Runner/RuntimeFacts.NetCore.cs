using System;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;

namespace FastText.Tests.Runner;

/// <summary>The runtime line of the run report on .NET: which ARM64 SIMD the JIT will use.</summary>
internal static class RuntimeFacts
{
    public static string Describe() =>
        $"AdvSimd.IsSupported={AdvSimd.IsSupported}; AdvSimd.Arm64.IsSupported={AdvSimd.Arm64.IsSupported}; Vector128.IsHardwareAccelerated={Vector128.IsHardwareAccelerated}";

    /// <summary>The runtime switch the scripts vary between runs.</summary>
    public static string Switches() =>
        $"DOTNET_EnableHWIntrinsic={Environment.GetEnvironmentVariable("DOTNET_EnableHWIntrinsic") ?? "(unset)"}";
}
