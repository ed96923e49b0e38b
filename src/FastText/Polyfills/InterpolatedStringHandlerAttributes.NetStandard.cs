// netstandard2.0 predates interpolated string handlers. The C# compiler recognises these attributes by their full
// name, wherever they are defined, so internal copies let ValueStringBuilder's handler work for C# 10+ callers of
// the netstandard2.0 build (the netstandard2.0 test project proves it from a net10.0 consumer).
namespace System.Runtime.CompilerServices;

[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = false, Inherited = false)]
internal sealed class InterpolatedStringHandlerAttribute : Attribute
{
}

[AttributeUsage(AttributeTargets.Parameter, AllowMultiple = false, Inherited = false)]
internal sealed class InterpolatedStringHandlerArgumentAttribute : Attribute
{
    public InterpolatedStringHandlerArgumentAttribute(string argument) => Arguments = new[] { argument };

    public InterpolatedStringHandlerArgumentAttribute(params string[] arguments) => Arguments = arguments;

    public string[] Arguments { get; }
}
