// In FastText.Tests so every test namespace sees these extensions without a using.
namespace FastText.Tests;

/// <summary>
/// The few APIs .NET Framework 4.8 has that netstandard2.0 lacks, declared so the proxy compiles what net48 would.
/// Never called: this assembly is only compiled. Add a member here only after checking net48 really has it.
/// </summary>
internal static class Net48OnlyApis
{
    extension(GC)
    {
        /// <summary>GC.GetAllocatedBytesForCurrentThread: .NET Framework 4.8+, not in netstandard2.0.</summary>
        public static long GetAllocatedBytesForCurrentThread() => throw new NotSupportedException("compile-only proxy");
    }
}
