using System;
using System.Runtime.InteropServices;

namespace FastText.Internal;

internal static unsafe partial class Utf8Fallback
{
    // netstandard2.0's Encoding has no span overloads; the pointer overloads are allocation-free.
    public static int GetByteCount(ReadOnlySpan<char> chars)
    {
        if (chars.IsEmpty)
        {
            return 0;
        }

        fixed (char* source = &MemoryMarshal.GetReference(chars))
        {
            return Utf8.GetByteCount(source, chars.Length);
        }
    }

    public static int GetBytes(ReadOnlySpan<char> chars, Span<byte> bytes)
    {
        if (chars.IsEmpty)
        {
            return 0;
        }

        fixed (char* source = &MemoryMarshal.GetReference(chars))
        fixed (byte* destination = &MemoryMarshal.GetReference(bytes))
        {
            return Utf8.GetBytes(source, chars.Length, destination, bytes.Length);
        }
    }

    public static int GetCharCount(ReadOnlySpan<byte> bytes)
    {
        if (bytes.IsEmpty)
        {
            return 0;
        }

        fixed (byte* source = &MemoryMarshal.GetReference(bytes))
        {
            return Utf8.GetCharCount(source, bytes.Length);
        }
    }

    public static int GetChars(ReadOnlySpan<byte> bytes, Span<char> chars)
    {
        if (bytes.IsEmpty)
        {
            return 0;
        }

        fixed (byte* source = &MemoryMarshal.GetReference(bytes))
        fixed (char* destination = &MemoryMarshal.GetReference(chars))
        {
            return Utf8.GetChars(source, bytes.Length, destination, chars.Length);
        }
    }
}
