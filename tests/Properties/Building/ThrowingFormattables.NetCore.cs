namespace FastText.Tests.Building;

// ISpanFormattable does not exist on .NET Framework, so the span halves of these types compile only where it does.
internal readonly partial struct ThrowingSpanFormattable : ISpanFormattable
{
    public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider? provider)
    {
        if (destination.Length > 3)
        {
            "abc".AsSpan().CopyTo(destination);
        }

        throw new FormatException("thrown by TryFormat");
    }
}

internal readonly partial struct WideSpanFormattable : ISpanFormattable
{
    public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider? provider)
    {
        if (destination.Length < Width)
        {
            charsWritten = 0;
            return false;
        }

        destination.Slice(0, Width).Fill('w');
        charsWritten = Width;
        return true;
    }
}

/// <summary>A value that formats as nothing through every interface: an append of it leaves the text unchanged.</summary>
internal readonly struct EmptyFormattable : ISpanFormattable, IUtf8SpanFormattable
{
    public string ToString(string? format, IFormatProvider? formatProvider) => string.Empty;

    public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider? provider)
    {
        charsWritten = 0;
        return true;
    }

    public bool TryFormat(Span<byte> utf8Destination, out int bytesWritten, ReadOnlySpan<char> format, IFormatProvider? provider)
    {
        bytesWritten = 0;
        return true;
    }
}
