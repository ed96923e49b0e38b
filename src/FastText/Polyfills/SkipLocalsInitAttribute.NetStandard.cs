// netstandard2.0 predates SkipLocalsInit; the C# compiler honours this internal copy by name (it drops the IL
// localsinit flag), so scratch stackalloc buffers are not zeroed on every call.
namespace System.Runtime.CompilerServices;

[AttributeUsage(AttributeTargets.Module | AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Interface | AttributeTargets.Constructor | AttributeTargets.Method | AttributeTargets.Property | AttributeTargets.Event, Inherited = false)]
internal sealed class SkipLocalsInitAttribute : Attribute
{
}
