using System.Runtime.CompilerServices;

namespace FastText.Tests.Infrastructure;

/// <summary>Compares by object identity (ReferenceEqualityComparer is .NET 5+, and these sources also build for .NET Framework).</summary>
internal sealed class ReferenceIdentityComparer<T> : IEqualityComparer<T>
    where T : class
{
    public static readonly ReferenceIdentityComparer<T> Instance = new();

    public bool Equals(T? x, T? y) => ReferenceEquals(x, y);

    public int GetHashCode(T obj) => RuntimeHelpers.GetHashCode(obj);
}
