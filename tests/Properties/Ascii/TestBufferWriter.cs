using System.Buffers;

namespace FastText.Tests.Ascii;

/// <summary>
/// A minimal growable <see cref="IBufferWriter{T}"/> (ArrayBufferWriter is not on .NET Framework, where these
/// sources also compile) that can hand out spans longer or shorter than asked, to test both cases.
/// </summary>
internal sealed class TestBufferWriter<T> : IBufferWriter<T>
{
    private T[] _buffer = new T[16];

    public int WrittenCount { get; private set; }

    /// <summary>When set, GetSpan returns exactly this many elements whatever was asked (to provoke a short span).</summary>
    public int? ForcedSpanLength { get; set; }

    public ReadOnlySpan<T> WrittenSpan => _buffer.AsSpan(0, WrittenCount);

    public void Advance(int count)
    {
        if (count < 0 || WrittenCount + count > _buffer.Length)
        {
            throw new ArgumentOutOfRangeException(nameof(count));
        }

        WrittenCount += count;
    }

    public Memory<T> GetMemory(int sizeHint = 0) => throw new NotSupportedException("The library should ask for spans.");

    public Span<T> GetSpan(int sizeHint = 0)
    {
        int needed = Math.Max(sizeHint, 1);
        if (_buffer.Length - WrittenCount < needed)
        {
            Array.Resize(ref _buffer, Math.Max(_buffer.Length * 2, WrittenCount + needed));
        }

        Span<T> free = _buffer.AsSpan(WrittenCount);
        return ForcedSpanLength is int forced ? free.Slice(0, forced) : free;
    }
}
