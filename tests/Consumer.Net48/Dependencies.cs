using System;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace FastText.Consumer;

internal static class Dependencies
{
    /// <summary>
    /// The netstandard2.0 build calls Unsafe.Add(ref T, nuint), which System.Runtime.CompilerServices.Unsafe has
    /// from 6.0 on. A consumer that ends up with an older Unsafe (System.Memory alone brings 4.5.x) fails on Mono
    /// with MissingMethodException; the package's declared dependency must prevent that.
    /// </summary>
    public static void UnsafeIsAtLeastSix()
    {
        var minimum = new Version(6, 0, 0, 0);
        Version loaded = typeof(Unsafe).Assembly.GetName().Version!;
        AssemblyName? referenced = typeof(AsciiText).Assembly.GetReferencedAssemblies()
            .SingleOrDefault(name => name.Name == "System.Runtime.CompilerServices.Unsafe");
        Console.WriteLine($"    Unsafe referenced by FastText: {referenced?.Version}; loaded: {loaded} from {typeof(Unsafe).Assembly.Location}");
        Checks.True(referenced is not null && referenced.Version >= minimum, "FastText references System.Runtime.CompilerServices.Unsafe 6.0 or later");
        Checks.True(loaded >= minimum, $"System.Runtime.CompilerServices.Unsafe {loaded} loaded; 6.0.0.0 or later expected");
        Checks.True(
            typeof(Unsafe).GetMethods().Any(method => method.Name == "Add" && method.GetParameters() is { Length: 2 } parameters && parameters[1].ParameterType == typeof(UIntPtr)),
            "Unsafe.Add(ref T, nuint) exists");
    }
}
