using System;

namespace FastText;

internal static partial class TsvGuidText
{
    /// <summary>netstandard2.0 has no portable byte shuffle: the 'D' form is read by <see cref="TryParseDashedScalar"/>.</summary>
    internal static bool IsDashedAccelerated => false;

    /// <summary>Never taken here (as where the vector step is not accelerated on net8.0).</summary>
    internal static bool TryParseDashedVector(ReadOnlySpan<byte> text, out Guid value)
    {
        value = default;
        return false;
    }
}
