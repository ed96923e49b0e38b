namespace System.Runtime.CompilerServices;

// Lets netstandard2.0 code use init-only setters and records.
internal static class IsExternalInit
{
}
