namespace FastText.Tests.Building;

/// <summary>Formats by writing part of its text and then throwing, through TryFormat (where ISpanFormattable
/// exists: ThrowingFormattables.NetCore.cs); on .NET Framework only through ToString, which throws.</summary>
internal readonly partial struct ThrowingSpanFormattable : IFormattable
{
    public string ToString(string? format, IFormatProvider? formatProvider) => throw new FormatException("thrown by ToString");
}

/// <summary>Formats only through ToString(format, provider), which throws.</summary>
internal sealed class ThrowingFormattable : IFormattable
{
    public string ToString(string? format, IFormatProvider? formatProvider) => throw new FormatException("thrown by ToString");
}

/// <summary>A span-formattable type (TryFormat in ThrowingFormattables.NetCore.cs) that needs more room than any
/// first attempt gives it; on .NET Framework it formats through ToString alone.</summary>
internal readonly partial struct WideSpanFormattable : IFormattable
{
    public WideSpanFormattable(int width) => Width = width;

    public int Width { get; }

    public string ToString(string? format, IFormatProvider? formatProvider) => new('w', Width);
}
