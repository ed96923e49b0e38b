using Xunit;

namespace FastText.Tests.Ascii;

/// <summary>IsValid(byte) and IsValid(char): every byte value and every char value, as the runtime's tests check them.</summary>
public class AsciiSingleValueTests
{
    [Fact]
    public void Every_byte_value()
    {
        for (int value = 0; value <= byte.MaxValue; value++)
        {
            Assert.Equal(value <= 0x7F, AsciiText.IsValid((byte)value));
#if NET
            Assert.Equal(System.Text.Ascii.IsValid((byte)value), AsciiText.IsValid((byte)value));
#endif
        }
    }

    [Fact]
    public void Every_char_value()
    {
        for (int value = 0; value <= char.MaxValue; value++)
        {
            Assert.Equal(value <= 0x7F, AsciiText.IsValid((char)value));
#if NET
            Assert.Equal(System.Text.Ascii.IsValid((char)value), AsciiText.IsValid((char)value));
#endif
        }
    }

    [Fact]
    public void Single_values_agree_with_one_element_spans()
    {
        foreach (char c in new[] { '\0', 'a', '\u007F', '\u0080', '\u00FF', '\u0100', '\uFFFF' })
        {
            Assert.Equal(AsciiText.IsValid(new[] { c }.AsSpan()), AsciiText.IsValid(c));
        }

        foreach (byte b in new byte[] { 0, 0x41, 0x7F, 0x80, 0xFF })
        {
            Assert.Equal(AsciiText.IsValid(new[] { b }.AsSpan()), AsciiText.IsValid(b));
        }
    }
}
