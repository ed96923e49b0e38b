namespace FastText.Tests.Infrastructure;

/// <summary>
/// nint/nuint as text the way .NET Core formats them: as the underlying 32- or 64-bit integer. Needed because
/// IntPtr and UIntPtr only implement IFormattable since .NET 5, and these sources also build for .NET Framework.
/// </summary>
internal static class NativeIntegerText
{
    public static string Format(nint value, string? format, IFormatProvider? provider) =>
        IntPtr.Size == 8 ? ((long)value).ToString(format, provider) : ((int)value).ToString(format, provider);

    public static string Format(nuint value, string? format, IFormatProvider? provider) =>
        UIntPtr.Size == 8 ? ((ulong)value).ToString(format, provider) : ((uint)value).ToString(format, provider);
}
