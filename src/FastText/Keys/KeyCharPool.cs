using System;
using System.Buffers;

namespace FastText;

/// <summary>
/// The pool long keys borrow their scratch chars from (netstandard2.0 composition above the stack limit, UTF-8
/// output above it on both builds): <see cref="ArrayPool{T}.Shared"/>, unless a test has put a recording pool in
/// place for its own thread (in <see cref="BuilderThreadState"/>) to check that every rent is returned exactly once.
/// </summary>
internal static class KeyCharPool
{
    internal static ArrayPool<char> Current => BuilderThreadState.CurrentOrNull?.KeyCharPoolForTests ?? ArrayPool<char>.Shared;

    /// <summary>Uses <paramref name="pool"/> on this thread until the returned scope is disposed; for tests.</summary>
    internal static Scope Use(ArrayPool<char> pool)
    {
        BuilderThreadState state = BuilderThreadState.Current;
        ArrayPool<char>? previous = state.KeyCharPoolForTests;
        state.KeyCharPoolForTests = pool;
        return new Scope(previous);
    }

    internal readonly struct Scope : IDisposable
    {
        private readonly ArrayPool<char>? _previous;

        internal Scope(ArrayPool<char>? previous) => _previous = previous;

        public void Dispose() => BuilderThreadState.Current.KeyCharPoolForTests = _previous;
    }
}
