using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>The With* copies that C# 7.3 callers use instead of init accessors: each changes one value, validates it, and leaves the source alone.</summary>
public sealed class TsvWriterOptionsCopyTests
{
    [Fact]
    public void Each_copy_changes_one_value_and_keeps_the_others()
    {
        TsvWriterOptions source = TsvWriterOptions.Default;
        TsvWriterOptions changed = source.WithSeparator((byte)',').WithEscapeBackslashes(true).WithBufferSize(128);
        Assert.Equal((byte)',', changed.Separator);
        Assert.True(changed.EscapeBackslashes);
        Assert.Equal(128, changed.BufferSize);
        Assert.Equal((byte)'\t', source.Separator);
        Assert.False(source.EscapeBackslashes);
        Assert.Equal(64 * 1024, source.BufferSize);
    }

    [Fact]
    public void The_copies_validate_like_the_properties()
    {
        Assert.Equal("Separator", Assert.Throws<ArgumentOutOfRangeException>(() => TsvWriterOptions.Default.WithSeparator((byte)'\n')).ParamName);
        Assert.Equal("BufferSize", Assert.Throws<ArgumentOutOfRangeException>(() => TsvWriterOptions.Default.WithBufferSize(15)).ParamName);
    }
}
