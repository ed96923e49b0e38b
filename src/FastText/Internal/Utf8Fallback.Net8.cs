using System;

namespace FastText.Internal;

internal static partial class Utf8Fallback
{
    public static int GetByteCount(ReadOnlySpan<char> chars) => Utf8.GetByteCount(chars);

    public static int GetBytes(ReadOnlySpan<char> chars, Span<byte> bytes) => Utf8.GetBytes(chars, bytes);

    public static int GetCharCount(ReadOnlySpan<byte> bytes) => Utf8.GetCharCount(bytes);

    public static int GetChars(ReadOnlySpan<byte> bytes, Span<char> chars) => Utf8.GetChars(bytes, chars);
}
