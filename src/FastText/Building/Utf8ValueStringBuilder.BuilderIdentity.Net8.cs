using System;
using System.Runtime.CompilerServices;

namespace FastText;

public ref partial struct Utf8ValueStringBuilder
{
    public ref partial struct AppendInterpolatedStringHandler
    {
        /// <summary>
        /// net8.0: the handler's builder, by reference (a C# 11 ref field), so "is this the same builder" is exact,
        /// even for two builders that have no buffer yet. Read only; it never mutates the builder.
        /// </summary>
        private readonly ref struct BuilderIdentity
        {
            private readonly ref readonly int _pos;

            public BuilderIdentity(in Utf8ValueStringBuilder builder) => _pos = ref builder._pos;

            public bool Is(in int pos, ReadOnlySpan<byte> bytes)
            {
                _ = bytes;
                return Unsafe.AreSame(ref Unsafe.AsRef(in _pos), ref Unsafe.AsRef(in pos));
            }
        }
    }
}
