using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText;

public ref partial struct Utf8ValueStringBuilder
{
    public ref partial struct AppendInterpolatedStringHandler
    {
        /// <summary>
        /// netstandard2.0 has no ref fields, so a builder is recognised by its buffer (same memory, same length).
        /// Two builders that both have no buffer yet look alike; completing into the wrong one of those appends to
        /// it, which touches no memory either of them owns.
        /// </summary>
        private readonly ref struct BuilderIdentity
        {
            private readonly ReadOnlySpan<byte> _bytes;

            public BuilderIdentity(in Utf8ValueStringBuilder builder) => _bytes = builder._bytes;

            public bool Is(in int pos, ReadOnlySpan<byte> bytes)
            {
                _ = pos;
                return bytes.Length == _bytes.Length
                    && Unsafe.AreSame(ref MemoryMarshal.GetReference(bytes), ref MemoryMarshal.GetReference(_bytes));
            }
        }
    }
}
