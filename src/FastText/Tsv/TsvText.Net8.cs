using System;
using FastText.Internal;

namespace FastText;

internal static unsafe class TsvText
{
    /// <summary>UTF-8 to string: ASCII is widened straight into the new string; anything else goes to the UTF-8 decoder.</summary>
    public static string Decode(ReadOnlySpan<byte> utf8)
    {
        if (utf8.IsEmpty)
        {
            return string.Empty;
        }

        if (AsciiText.IndexOfNonAscii(utf8) >= 0)
        {
            return Utf8Fallback.Encoding.GetString(utf8);
        }

        // string.Create cannot take a span as state on net8; the bytes are pinned for the call, so a pointer is safe.
        fixed (byte* source = utf8)
        {
            return string.Create(utf8.Length, (IntPtr)source, static (destination, state) =>
                AsciiText.ToUtf16(new ReadOnlySpan<byte>((byte*)state, destination.Length), destination, out _));
        }
    }
}
