using System.Buffers;

namespace FastText;

public sealed partial class TsvWriter
{
    /// <summary>
    /// Always false: netstandard2.0 leaves 'F' to <see cref="System.Buffers.Text.Utf8Formatter"/>, whose rounding is
    /// the runtime's own (.NET Framework's differs from .NET Core's, and only the runtime itself matches it).
    /// </summary>
    private bool TryWriteFixedPoint(double value, StandardFormat format)
    {
        _ = value;
        _ = format;
        return false;
    }
}
