using System;
using System.Reflection;

namespace FastText.Consumer;

/// <summary>Runs named checks and counts them; a check fails by throwing.</summary>
internal sealed class Checks
{
    public int Passed { get; private set; }

    public int Failed { get; private set; }

    public void Run(string name, Action check)
    {
        try
        {
            check();
            Passed++;
            Console.WriteLine($"  [pass] {name}");
        }
        catch (Exception exception)
        {
            Failed++;
            Console.WriteLine($"  [FAIL] {name}: {exception}");
        }
    }

    public static void Equal<T>(T expected, T actual, string what)
    {
        if (!Equals(expected, actual))
        {
            throw new InvalidOperationException($"{what}: expected <{expected}>, got <{actual}>");
        }
    }

    public static void True(bool condition, string what)
    {
        if (!condition)
        {
            throw new InvalidOperationException(what);
        }
    }

    /// <summary>"Mono 6.8.0.105 (...)" under Mono, else the .NET Framework version.</summary>
    public static string Runtime()
    {
        Type? mono = Type.GetType("Mono.Runtime");
        return mono?.GetMethod("GetDisplayName", BindingFlags.NonPublic | BindingFlags.Static)?.Invoke(null, null) is string version
            ? $"Mono {version}"
            : $".NET Framework {Environment.Version}";
    }
}
