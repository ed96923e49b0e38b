using System.IO;
using System.Reflection;
using System.Runtime.Loader;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Emit;

namespace FastText.Generators.Tests.Infrastructure;

/// <summary>
/// A compilation emitted and loaded into a collectible load context of its own, so that thousands of programs can be
/// run in one process; FastText and the runtime resolve to the test process's own copies. Dispose unloads it.
/// </summary>
internal sealed class LoadedProgram : IDisposable
{
    private readonly AssemblyLoadContext _context;

    private LoadedProgram(AssemblyLoadContext context, Assembly assembly)
    {
        _context = context;
        Assembly = assembly;
    }

    public Assembly Assembly { get; }

    /// <summary>Emits and loads <paramref name="compilation"/>; null with the emit's errors in <paramref name="errors"/> when it does not emit.</summary>
    public static LoadedProgram? Load(Compilation compilation, out string errors)
    {
        using var image = new MemoryStream();
        EmitResult result = compilation.Emit(image);
        if (!result.Success)
        {
            errors = string.Join(Environment.NewLine, result.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error));
            return null;
        }

        errors = string.Empty;
        return Load(image.ToArray(), compilation.AssemblyName!);
    }

    /// <summary>Loads an emitted assembly.</summary>
    public static LoadedProgram Load(byte[] image, string name)
    {
        var context = new AssemblyLoadContext(name, isCollectible: true);
        using var stream = new MemoryStream(image);
        return new LoadedProgram(context, context.LoadFromStream(stream));
    }

    /// <summary>Calls the public static method <paramref name="type"/>.<paramref name="method"/>.</summary>
    public object? Call(string type, string method, params object?[] arguments) =>
        Assembly.GetType(type, throwOnError: true)!.GetMethod(method, BindingFlags.Public | BindingFlags.Static)!.Invoke(null, arguments);

    public void Dispose() => _context.Unload();
}
