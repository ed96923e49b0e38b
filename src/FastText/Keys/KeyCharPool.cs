using System;
using System.Buffers;

namespace FastText;

/// <summary>
/// The pool long keys borrow their scratch chars from (netstandard2.0 composition above the stack limit, UTF-8
/// output above it on both builds): <see cref="ArrayPool{T}.Shared"/>, unless a test has put a recording pool in
/// place for its own thread to check that every rent is returned exactly once.
/// </summary>
internal static class KeyCharPool
{
    [ThreadStatic]
    private static ArrayPool<char>? t_override;

    internal static ArrayPool<char> Current => t_override ?? ArrayPool<char>.Shared;

    /// <summary>Uses <paramref name="pool"/> on this thread until the returned scope is disposed; for tests.</summary>
    internal static Scope Use(ArrayPool<char> pool)
    {
        ArrayPool<char>? previous = t_override;
        t_override = pool;
        return new Scope(previous);
    }

    internal readonly struct Scope : IDisposable
    {
        private readonly ArrayPool<char>? _previous;

        internal Scope(ArrayPool<char>? previous) => _previous = previous;

        public void Dispose() => t_override = _previous;
    }
}
