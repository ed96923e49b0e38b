using System.Buffers;
using FastText.Tests.Infrastructure;

namespace FastText.Fuzz;

/// <summary>
/// A buffer writer whose every span ends flush against a no-access page: at most <c>maxSpan</c> bytes (fewer than
/// asked for when that is smaller, against the IBufferWriter contract, which the library's writers survive), so a
/// write past the span handed out kills the process and an Advance past it throws.
/// </summary>
internal sealed class GuardedSpanWriter : IBufferWriter<byte>, IDisposable
{
    private readonly int _maxSpan;
    private GuardedBuffer? _memory;
    private int _spanLength;

    public GuardedSpanWriter(int maxSpan) => _maxSpan = maxSpan;

    public List<byte> Written { get; } = new();

    public void Advance(int count)
    {
        if (count == 0)
        {
            return;
        }

        if (_memory is null || count < 0 || count > _spanLength)
        {
            throw new FuzzMismatchException($"Advance({count}) past the {_spanLength}-byte span handed out");
        }

        Written.AddRange(_memory.Bytes(_spanLength).Slice(0, count).ToArray());
        _memory.Dispose();
        _memory = null;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        GetSpan(sizeHint);
        return new GuardedMemory(_memory!, _spanLength).Memory;
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        _memory?.Dispose();

        // A little more than asked for, by an amount that varies with the request, so both exact and roomy spans occur.
        _spanLength = Math.Min(_maxSpan, Math.Max(sizeHint, 1) + (sizeHint % 5));
        _memory = new GuardedBuffer(_spanLength);
        return _memory.Bytes(_spanLength);
    }

    public void Dispose() => _memory?.Dispose();

    /// <summary>The guard-page span as a <see cref="Memory{T}"/>: the mapping is not moved by the GC, so pinning is free.</summary>
    private sealed unsafe class GuardedMemory : MemoryManager<byte>
    {
        private readonly GuardedBuffer _buffer;
        private readonly int _length;

        public GuardedMemory(GuardedBuffer buffer, int length)
        {
            _buffer = buffer;
            _length = length;
        }

        public override Span<byte> GetSpan() => _buffer.Bytes(_length);

        public override MemoryHandle Pin(int elementIndex = 0)
        {
            fixed (byte* start = _buffer.Bytes(_length))
            {
                return new MemoryHandle(start + elementIndex);
            }
        }

        public override void Unpin()
        {
        }

        protected override void Dispose(bool disposing)
        {
        }
    }
}
