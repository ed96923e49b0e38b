using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using FastText.Internal;

namespace FastText;

// Text appends: chars go through the ASCII narrowing and the UTF-8 transcoder; bytes are copied as they are.
public ref partial struct Utf8ValueStringBuilder
{
    // Up to this many chars, an append tries the short ASCII narrowing first.
    private const int ShortText = 16;

    /// <summary>Appends a string, encoded as UTF-8; <see langword="null"/> appends nothing.</summary>
    /// <param name="value">The string.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Append(string? value)
    {
        if (value is not null)
        {
            Append(value.AsSpan());
        }
    }

    /// <summary>Appends chars, encoded as UTF-8 (see the type's remarks for surrogates).</summary>
    /// <param name="value">The chars.</param>
    public void Append(scoped ReadOnlySpan<char> value)
    {
        if (value.IsEmpty)
        {
            return;
        }

        if (_pendingHigh != '\0' && CompletePendingSurrogate(value[0]))
        {
            value = value.Slice(1);
            if (value.IsEmpty)
            {
                return;
            }
        }

        if (TryAppendShortAscii(value))
        {
            return;
        }

        // Most text fits and is ASCII: one pass of the SIMD narrowing, falling into the transcoder at the first
        // non-ASCII char.
        int pos = _pos;
        Span<byte> free = _bytes.Slice(pos);
        if (value.Length <= free.Length && AsciiText.TryEncodeUtf8(value, free, out int written))
        {
            _pos = pos + written;
        }
        else
        {
            AppendCharsSlow(value);
        }

        if (char.IsHighSurrogate(value[value.Length - 1]))
        {
            _pendingHigh = value[value.Length - 1];
        }
    }

    /// <summary>
    /// Literals and short values: up to <see cref="ShortText"/> ASCII chars that fit, narrowed inline (overlapping
    /// loads, no length dispatch). False, with the length unchanged, for anything else: text with a non-ASCII char
    /// may have left bytes in the free space, which the text path then writes over from the same position. The
    /// caller settles a pending high surrogate first (an ASCII char after it must not pair with it).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryAppendShortAscii(scoped ReadOnlySpan<char> value)
    {
        int pos = _pos;
        Span<byte> bytes = _bytes;
        if (value.Length <= ShortText && (uint)pos <= (uint)bytes.Length && value.Length <= bytes.Length - pos)
        {
            nuint length = (nuint)value.Length;
            ref byte destination = ref Unsafe.Add(ref MemoryMarshal.GetReference(bytes), pos);
            if (AsciiCore.NarrowShort(ref MemoryMarshal.GetReference(value), ref destination, length) == length)
            {
                _pos = pos + value.Length;
                return true;
            }
        }

        return false;
    }

    /// <summary>Appends one char, encoded as UTF-8 (see the type's remarks for surrogates).</summary>
    /// <param name="value">The char.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Append(char value)
    {
        int pos = _pos;
        if (value <= 0x7F && _pendingHigh == '\0' && (uint)pos < (uint)_bytes.Length)
        {
            _bytes[pos] = (byte)value;
            _pos = pos + 1;
        }
        else
        {
            AppendCharSlow(value);
        }
    }

    /// <summary>Appends <paramref name="value"/> <paramref name="repeatCount"/> times.</summary>
    /// <param name="value">The char.</param>
    /// <param name="repeatCount">How many times; 0 appends nothing.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="repeatCount"/> is negative.</exception>
    public void Append(char value, int repeatCount)
    {
        if (repeatCount < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(repeatCount), "The count must not be negative.");
        }

        if (value <= 0x7F && repeatCount > 0)
        {
            _pendingHigh = '\0';
            Ensure(repeatCount);
            _bytes.Slice(_pos, repeatCount).Fill((byte)value);
            _pos += repeatCount;
            return;
        }

        for (int i = 0; i < repeatCount; i++)
        {
            Append(value);
        }
    }

    /// <summary>Appends bytes that already are UTF-8, as they are (they are not validated).</summary>
    /// <param name="utf8">The bytes; may be a span of this builder's own <see cref="WrittenSpan"/>.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Append(scoped ReadOnlySpan<byte> utf8)
    {
        // Nothing appended leaves a pending high surrogate pending: in the text built as a string, the next chars
        // still follow it directly.
        if (utf8.IsEmpty)
        {
            return;
        }

        _pendingHigh = '\0';
        int pos = _pos;
        if (utf8.Length <= _bytes.Length - pos)
        {
            utf8.CopyTo(_bytes.Slice(pos));
            _pos = pos + utf8.Length;
        }
        else
        {
            GrowAndAppend(utf8);
        }
    }

    /// <summary>
    /// Appends bytes that already are UTF-8, as they are, like <see cref="Append(ReadOnlySpan{byte})"/>; null appends
    /// nothing. (Without this overload an array would bind to <c>Append&lt;T&gt;</c> and append "System.Byte[]".)
    /// </summary>
    /// <param name="utf8">The bytes, or null.</param>
    public void Append(byte[]? utf8) => Append((ReadOnlySpan<byte>)utf8);

    /// <summary>Appends <c>True</c> or <c>False</c>, like <see cref="System.Text.StringBuilder.Append(bool)"/>.</summary>
    /// <param name="value">The value.</param>
    public void Append(bool value) => Append(value ? "True" : "False");

    /// <summary>Appends <see cref="Environment.NewLine"/>.</summary>
    public void AppendLine() => Append(Environment.NewLine);

    /// <summary>Appends a string (<see langword="null"/> appends nothing) and then <see cref="Environment.NewLine"/>.</summary>
    /// <param name="value">The string.</param>
    public void AppendLine(string? value)
    {
        Append(value);
        Append(Environment.NewLine);
    }

    /// <summary>Appends chars and then <see cref="Environment.NewLine"/>.</summary>
    /// <param name="value">The chars.</param>
    public void AppendLine(scoped ReadOnlySpan<char> value)
    {
        Append(value);
        Append(Environment.NewLine);
    }

    /// <summary>
    /// The previous append ended with a high surrogate (written as U+FFFD): a low surrogate now replaces that
    /// U+FFFD with the pair's 4 bytes, anything else leaves it. Returns whether <paramref name="first"/> was used.
    /// </summary>
    private bool CompletePendingSurrogate(char first)
    {
        char high = _pendingHigh;
        _pendingHigh = '\0';
        if (!char.IsLowSurrogate(first))
        {
            return false;
        }

        // The U+FFFD is always in the current buffer: growth over a writer keeps it (GrowOverWriter).
        _pos -= ReplacementLength;
        Ensure(4);
        int codePoint = char.ConvertToUtf32(high, first);
        Span<byte> destination = _bytes.Slice(_pos, 4);
        destination[0] = (byte)(0xF0 | (codePoint >> 18));
        destination[1] = (byte)(0x80 | ((codePoint >> 12) & 0x3F));
        destination[2] = (byte)(0x80 | ((codePoint >> 6) & 0x3F));
        destination[3] = (byte)(0x80 | (codePoint & 0x3F));
        _pos += 4;
        return true;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AppendCharsSlow(scoped ReadOnlySpan<char> value)
    {
        // Room for the worst case (3 bytes per char) encodes in one pass; only very long text is counted first.
        int room = value.Length <= MaximumLength / 3 / 16 ? value.Length * 3 : AsciiText.GetUtf8ByteCount(value);
        Ensure(room);
        AsciiText.TryEncodeUtf8(value, _bytes.Slice(_pos), out int written);
        _pos += written;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AppendCharSlow(char value)
    {
        Span<char> one = stackalloc char[1];
        one[0] = value;
        Append(one);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void GrowAndAppend(scoped ReadOnlySpan<byte> utf8)
    {
        // `utf8` may be a span into the array being replaced (b.Append(b.WrittenSpan)): copy it before that array
        // goes back to the pool.
        byte[]? previous = GrowKeepingPrevious(utf8.Length);
        utf8.CopyTo(_bytes.Slice(_pos));
        _pos += utf8.Length;
        if (previous is not null)
        {
            _memory.Release(previous);
        }
    }
}
