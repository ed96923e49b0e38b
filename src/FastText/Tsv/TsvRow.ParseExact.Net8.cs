using System;
using System.Buffers;
using System.Globalization;

namespace FastText;

/// <summary>Format-string date parsing on net8.0: the column is transcoded to UTF-16 on the stack (pooled beyond 256 bytes), never into a string.</summary>
public readonly ref partial struct TsvRow
{
    private static bool TryParseExact(ReadOnlySpan<byte> utf8, string format, DateTimeStyles styles, out DateTime value)
    {
        char[]? rented = null;
        Span<char> chars = utf8.Length <= StackDecodeLimit ? stackalloc char[StackDecodeLimit] : (rented = ArrayPool<char>.Shared.Rent(utf8.Length));
        try
        {
            int length = TranscodeToUtf16(utf8, chars);
            return DateTime.TryParseExact(chars.Slice(0, length), format, CultureInfo.InvariantCulture, styles, out value);
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<char>.Shared.Return(rented);
            }
        }
    }

    private static bool TryParseExact(ReadOnlySpan<byte> utf8, string format, DateTimeStyles styles, out DateTimeOffset value)
    {
        char[]? rented = null;
        Span<char> chars = utf8.Length <= StackDecodeLimit ? stackalloc char[StackDecodeLimit] : (rented = ArrayPool<char>.Shared.Rent(utf8.Length));
        try
        {
            int length = TranscodeToUtf16(utf8, chars);
            return DateTimeOffset.TryParseExact(chars.Slice(0, length), format, CultureInfo.InvariantCulture, styles, out value);
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<char>.Shared.Return(rented);
            }
        }
    }

    /// <summary>
    /// UTF-8 to UTF-16 into <paramref name="chars"/>, which holds at least utf8.Length chars (UTF-16 never needs more
    /// chars than UTF-8 has bytes, and an invalid byte becomes one U+FFFD). ASCII is widened with the SIMD paths.
    /// </summary>
    private static int TranscodeToUtf16(ReadOnlySpan<byte> utf8, Span<char> chars)
    {
        if (AsciiText.ToUtf16(utf8, chars, out int written) == OperationStatus.Done)
        {
            return written;
        }

        return Internal.Utf8Fallback.GetChars(utf8, chars);
    }
}
