using System.Buffers;
using FastText.Tests.Infrastructure;

namespace FastText.Tests.Building;

/// <summary>
/// A byte ArrayPool that fails loudly on a double or foreign return and on writes after return: rented arrays come
/// filled with 0xFE (never valid in UTF-8, so reliance on junk shows) and returned arrays are poisoned.
/// </summary>
internal sealed class RecordingBytePool : ArrayPool<byte>
{
    public const byte Junk = 0xFE;
    public const byte Poison = 0xCC;

    private readonly HashSet<byte[]> _outstanding = new(ReferenceIdentityComparer<byte[]>.Instance);
    private readonly List<byte[]> _returned = new();

    public int Rents { get; private set; }

    public int Outstanding => _outstanding.Count;

    public override byte[] Rent(int minimumLength)
    {
        AssertNoWriteAfterReturn();
        var array = new byte[minimumLength == 0 ? 0 : minimumLength + (minimumLength % 7)];
        array.AsSpan().Fill(Junk);
        _outstanding.Add(array);
        Rents++;
        return array;
    }

    public override void Return(byte[] array, bool clearArray = false)
    {
        if (!_outstanding.Remove(array))
        {
            throw new InvalidOperationException($"Returned a byte array of length {array.Length} that is not outstanding.");
        }

        array.AsSpan().Fill(Poison);
        _returned.Add(array);
    }

    public void AssertNoWriteAfterReturn()
    {
        foreach (byte[] array in _returned)
        {
            if (Array.FindIndex(array, b => b != Poison) is int written and >= 0 && !_outstanding.Contains(array))
            {
                throw new InvalidOperationException($"A byte array of length {array.Length} was written at index {written} after it was returned.");
            }
        }
    }
}

/// <summary>
/// A writer that ignores the size hint and hands out spans of at most <see cref="MaxSpan"/> bytes (against the
/// IBufferWriter contract, which the builder survives); the memory after the written bytes is junk.
/// </summary>
internal sealed class TinySpanWriter : IBufferWriter<byte>
{
    private byte[] _buffer = new byte[16];
    private int _written;

    public TinySpanWriter(int maxSpan) => MaxSpan = maxSpan;

    public int MaxSpan { get; }

    public int Advances { get; private set; }

    public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);

    public void Advance(int count)
    {
        if (count < 0 || count > Math.Min(MaxSpan, _buffer.Length - _written))
        {
            throw new InvalidOperationException($"Advance({count}) past the span handed out.");
        }

        _written += count;
        Advances++;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        if (_buffer.Length - _written < MaxSpan)
        {
            Array.Resize(ref _buffer, (_buffer.Length * 2) + MaxSpan);
        }

        _buffer.AsSpan(_written).Fill(0xFE);
        return _buffer.AsMemory(_written, MaxSpan);
    }

    public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;
}

/// <summary>
/// A byte ArrayPool that, like the shared one, hands a returned array to the next renter (last in, first out), so a
/// stale copy of a builder meets its old array in another builder's hands. A double or foreign return, or a write
/// into an array while it sits in the pool (the poison is gone when it is rented again or at <see cref="AssertNoWriteWhileFree"/>),
/// fails the test with <see cref="Xunit.Sdk.XunitException"/> (not InvalidOperationException, which the builder
/// itself throws for a stale copy, so a test cannot mistake one for the other).
/// </summary>
internal sealed class ReusingBytePool : ArrayPool<byte>
{
    public const byte Junk = 0xFE;
    public const byte Poison = 0xCC;

    private readonly HashSet<byte[]> _outstanding = new(ReferenceIdentityComparer<byte[]>.Instance);
    private readonly Stack<byte[]> _free = new();

    public int Rents { get; private set; }

    public int Returns { get; private set; }

    public int Outstanding => _outstanding.Count;

    public List<int> RequestedLengths { get; } = new();

    public override byte[] Rent(int minimumLength)
    {
        Rents++;
        RequestedLengths.Add(minimumLength);
        byte[] array;
        if (_free.Count != 0 && _free.Peek().Length >= minimumLength)
        {
            array = _free.Pop();
            AssertPoisoned(array);
        }
        else
        {
            array = new byte[minimumLength + (minimumLength % 7)]; // a little more than asked for, like the shared pool
        }

        array.AsSpan().Fill(Junk);
        _outstanding.Add(array);
        return array;
    }

    public override void Return(byte[] array, bool clearArray = false)
    {
        if (!_outstanding.Remove(array))
        {
            throw new Xunit.Sdk.XunitException($"A byte array of length {array.Length} was returned twice (or was never rented).");
        }

        Returns++;
        array.AsSpan().Fill(Poison);
        _free.Push(array);
    }

    /// <summary>Fails when an array in the pool was written after it came back.</summary>
    public void AssertNoWriteWhileFree()
    {
        foreach (byte[] array in _free)
        {
            AssertPoisoned(array);
        }
    }

    private static void AssertPoisoned(byte[] array)
    {
        int written = Array.FindIndex(array, b => b != Poison);
        if (written >= 0)
        {
            throw new Xunit.Sdk.XunitException($"A byte array of length {array.Length} was written at index {written} after it was returned.");
        }
    }
}
