using System;
using FastText.Internal;

namespace FastText;

/// <summary>How a <see cref="TsvWriter"/> lays out its output. Immutable once built; share one instance freely.</summary>
public sealed class TsvWriterOptions
{
    private const byte Tab = (byte)'\t';
    private const int MinimumBufferSize = 16;

    private readonly byte _separator = Tab;
    private readonly int _bufferSize = 64 * 1024;

    /// <summary>The options used when none are given: tab-separated, no escaping, a 64 KiB buffer.</summary>
    public static TsvWriterOptions Default { get; } = new();

    /// <summary>
    /// The byte written between two fields: tab by default; any single byte except '\n' (and, with
    /// <see cref="EscapeBackslashes"/>, except '\\', 't', 'n' and 'r', which the escapes hold: a writer refuses that
    /// combination with <see cref="ArgumentException"/>). Read the output with the same <c>TsvOptions.Separator</c>.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is '\n'.</exception>
    public byte Separator
    {
        get => _separator;
        init
        {
            if (value == (byte)'\n')
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(Separator), "The separator cannot be the line feed that ends a row.");
            }

            _separator = value;
        }
    }

    /// <summary>
    /// Fields are written with the backslash escapes that <see cref="TsvOptions.UnescapeBackslashes"/> undoes: tab,
    /// line feed, carriage return and backslash become <c>\t</c>, <c>\n</c>, <c>\r</c> and <c>\\</c>, so any field
    /// round-trips through a reader with that option. When false (the default) fields are written as they are, and
    /// a field holding the separator, '\n' or '\r' is refused with <see cref="TsvFormatException"/> instead of
    /// corrupting the row (a backslash is then ordinary data). A separator other than tab has no escape: a field
    /// holding it is refused in both modes. With escaping the separator cannot be '\\', 't', 'n' or 'r' (the escapes
    /// would hold it and the rows would not read back): a writer created with such options throws <see cref="ArgumentException"/>.
    /// </summary>
    public bool EscapeBackslashes { get; init; }

    /// <summary>
    /// The size of the writer's buffer in bytes (default 64 KiB, at least 16): complete rows reach the destination
    /// when it fills, on <see cref="TsvWriter.Flush"/> and on <see cref="TsvWriter.Dispose"/>. A longer row grows it.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is less than 16.</exception>
    public int BufferSize
    {
        get => _bufferSize;
        init
        {
            if (value < MinimumBufferSize)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(BufferSize), "The buffer size must be at least 16 bytes.");
            }

            _bufferSize = value;
        }
    }

    // C# 7.3 (.NET Framework and Unity projects by default) cannot call init accessors: these copies are its way in.

    /// <summary>A copy with <see cref="Separator"/> set to <paramref name="value"/> (for compilers without init accessors, C# 7.3).</summary>
    /// <param name="value">The new separator.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The value is '\n'.</exception>
    public TsvWriterOptions WithSeparator(byte value) =>
        new() { Separator = value, EscapeBackslashes = EscapeBackslashes, BufferSize = BufferSize };

    /// <summary>A copy with <see cref="EscapeBackslashes"/> set to <paramref name="value"/> (for C# 7.3).</summary>
    /// <param name="value">The new value.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    public TsvWriterOptions WithEscapeBackslashes(bool value) =>
        new() { Separator = Separator, EscapeBackslashes = value, BufferSize = BufferSize };

    /// <summary>A copy with <see cref="BufferSize"/> set to <paramref name="value"/> (for C# 7.3).</summary>
    /// <param name="value">The new buffer size in bytes, at least 16.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The value is less than 16.</exception>
    public TsvWriterOptions WithBufferSize(int value) =>
        new() { Separator = Separator, EscapeBackslashes = EscapeBackslashes, BufferSize = value };
}
