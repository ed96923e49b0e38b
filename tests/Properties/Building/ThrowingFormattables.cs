namespace FastText.Tests.Building;

/// <summary>Formats by writing part of its text and then throwing, through TryFormat.</summary>
internal readonly struct ThrowingSpanFormattable : ISpanFormattable
{
    public string ToString(string? format, IFormatProvider? formatProvider) => throw new FormatException("thrown by ToString");

    public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider? provider)
    {
        if (destination.Length > 3)
        {
            "abc".AsSpan().CopyTo(destination);
        }

        throw new FormatException("thrown by TryFormat");
    }
}

/// <summary>Formats only through ToString(format, provider), which throws.</summary>
internal sealed class ThrowingFormattable : IFormattable
{
    public string ToString(string? format, IFormatProvider? formatProvider) => throw new FormatException("thrown by ToString");
}

/// <summary>A span-formattable type that needs more room than any first attempt gives it.</summary>
internal readonly struct WideSpanFormattable : ISpanFormattable
{
    public WideSpanFormattable(int width) => Width = width;

    public int Width { get; }

    public string ToString(string? format, IFormatProvider? formatProvider) => new('w', Width);

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
