using System.Buffers;

namespace FastText.Tests.Keys;

/// <summary>
/// Caller memory that changes between the library's reads: the first <see cref="GetSpan"/> returns the first text,
/// every later one the second. A key part measures through one read and writes through the next, so this replays,
/// deterministically, another thread writing to the caller's buffer between the two passes. Take the memory from
/// <see cref="Text"/>: <see cref="MemoryManager{T}.Memory"/> would spend the first read on learning the length.
/// </summary>
internal sealed class ShiftingMemory : MemoryManager<char>
{
    private readonly char[] _first;
    private readonly char[] _later;
    private int _reads;

    internal ShiftingMemory(string first, string later)
    {
        _first = first.ToCharArray();
        _later = later.ToCharArray();
    }

    /// <summary>The memory, as long as the first text; <see cref="ReadOnlyMemory{T}.Span"/> slices every read to that length.</summary>
    internal ReadOnlyMemory<char> Text => CreateMemory(_first.Length);

    public override Span<char> GetSpan() => _reads++ == 0 ? _first : _later;

    public override MemoryHandle Pin(int elementIndex = 0) => throw new NotSupportedException("Key parts never pin.");

    public override void Unpin()
    {
    }

    protected override void Dispose(bool disposing)
    {
    }
}
