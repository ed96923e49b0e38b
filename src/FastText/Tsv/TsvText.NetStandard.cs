using System;
using System.Buffers;
using FastText.Internal;

namespace FastText;

internal static unsafe class TsvText
{
    private const int StackLimit = 256;

    /// <summary>UTF-8 to string: short ASCII is widened on the stack and copied once; anything else goes to the UTF-8 decoder.</summary>
    public static string Decode(ReadOnlySpan<byte> utf8)
    {
        if (utf8.IsEmpty)
        {
            return string.Empty;
        }

        if (utf8.Length <= StackLimit)
        {
            char* chars = stackalloc char[StackLimit];
            if (AsciiText.ToUtf16(utf8, new Span<char>(chars, StackLimit), out int written) == OperationStatus.Done)
            {
                return new string(chars, 0, written);
            }
        }

        fixed (byte* source = utf8)
        {
            return Utf8Fallback.Encoding.GetString(source, utf8.Length);
        }
    }
}
