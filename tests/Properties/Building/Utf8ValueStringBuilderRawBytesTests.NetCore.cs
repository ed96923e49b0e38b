using Xunit;

namespace FastText.Tests.Building;

/// <summary>A byte[] is raw UTF-8 to the UTF-8 builder, not a value formatted as "System.Byte[]".</summary>
public class Utf8ValueStringBuilderRawBytesTests
{
    [Theory]
    [InlineData("")]
    [InlineData("a")]
    [InlineData("héllo, wörld \U0001F600")]
    public void Append_of_a_byte_array_appends_its_bytes_as_they_are(string text)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(text);
        var builder = new Utf8ValueStringBuilder(stackalloc byte[4]);
        try
        {
            builder.Append('<');
            builder.Append(utf8);
            builder.Append((byte[]?)null);
            builder.Append('>');
            Assert.Equal(Encoding.UTF8.GetBytes("<" + text + ">"), builder.WrittenSpan.ToArray());
        }
        finally
        {
            builder.Dispose();
        }
    }
}
