using System.IO;
using System.Reflection;
using System.Runtime.InteropServices;
using Xunit;

namespace FastText.Tests.Infrastructure;

/// <summary>
/// Writes which library build and which instruction sets this test run had, so the build script can show it
/// next to each run's results (the runtime switches DOTNET_EnableAVX2=0 etc. change what the JIT reports).
/// </summary>
public class InstructionSetReport
{
    [Fact]
    public void Write_report_when_asked()
    {
        string? directory = Environment.GetEnvironmentVariable("FASTTEXT_REPORT_DIR");
        string report = Describe();
        Assert.False(string.IsNullOrEmpty(report));
        if (!string.IsNullOrEmpty(directory))
        {
            File.WriteAllText(Path.Combine(directory, "instruction-sets.txt"), report);
        }
    }

    public static string Describe()
    {
        Assembly library = typeof(AsciiText).Assembly;
        string framework = library.GetCustomAttribute<System.Runtime.Versioning.TargetFrameworkAttribute>()?.FrameworkName ?? "?";
        var builder = new StringBuilder();
        builder.Append("  library build: ").Append(framework).Append("; runtime: ").Append(RuntimeInformation.FrameworkDescription)
            .Append(' ').Append(RuntimeInformation.ProcessArchitecture).AppendLine();
        builder.Append("  instruction sets: ").AppendLine(string.Join(", ", InstructionSets.Active()));
        builder.Append("  ascii paths: ").AppendLine(AsciiPaths.Describe());
        return builder.ToString();
    }
}

internal static class InstructionSets
{
    public static IEnumerable<string> Active()
    {
        yield return $"Vector<T> accelerated={System.Numerics.Vector.IsHardwareAccelerated} ({System.Numerics.Vector<byte>.Count * 8}-bit)";
#if NET
        yield return $"Vector128={System.Runtime.Intrinsics.Vector128.IsHardwareAccelerated}";
        yield return $"Vector256={System.Runtime.Intrinsics.Vector256.IsHardwareAccelerated}";
        yield return $"Vector512={System.Runtime.Intrinsics.Vector512.IsHardwareAccelerated}";
        yield return $"Sse2={System.Runtime.Intrinsics.X86.Sse2.IsSupported}";
        yield return $"Sse41={System.Runtime.Intrinsics.X86.Sse41.IsSupported}";
        yield return $"Avx2={System.Runtime.Intrinsics.X86.Avx2.IsSupported}";
        yield return $"Avx512BW={System.Runtime.Intrinsics.X86.Avx512BW.IsSupported}";
        yield return $"AdvSimd={System.Runtime.Intrinsics.Arm.AdvSimd.IsSupported}";
#endif
    }
}
