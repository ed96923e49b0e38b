using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText;

public ref partial struct ValueStringBuilder
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
            private readonly ReadOnlySpan<char> _chars;

            public BuilderIdentity(in ValueStringBuilder builder) => _chars = builder._chars;

            public bool Is(in int pos, ReadOnlySpan<char> chars)
            {
                _ = pos;
                return chars.Length == _chars.Length
                    && Unsafe.AreSame(ref MemoryMarshal.GetReference(chars), ref MemoryMarshal.GetReference(_chars));
            }
        }
    }
}
