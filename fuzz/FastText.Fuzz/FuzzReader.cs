using System;

namespace FastText.Fuzz;

/// <summary>Consumes fuzz bytes as small decisions; once the input runs out every read yields 0, so any input is valid.</summary>
internal ref struct FuzzReader
{
    private ReadOnlySpan<byte> _remaining;

    public FuzzReader(ReadOnlySpan<byte> input) => _remaining = input;

    public readonly ReadOnlySpan<byte> Remaining => _remaining;

    public readonly bool IsEmpty => _remaining.IsEmpty;

    public byte NextByte()
    {
        if (_remaining.IsEmpty)
        {
            return 0;
        }

        byte value = _remaining[0];
        _remaining = _remaining.Slice(1);
        return value;
    }

    public int NextInt(int exclusiveMax) => exclusiveMax <= 1 ? 0 : ((NextByte() << 8) | NextByte()) % exclusiveMax;

    public bool NextBool() => (NextByte() & 1) != 0;

    /// <summary>The next <paramref name="count"/> bytes, or as many as are left.</summary>
    public byte[] TakeBytes(int count)
    {
        ReadOnlySpan<byte> taken = _remaining.Slice(0, Math.Min(count, _remaining.Length));
        _remaining = _remaining.Slice(taken.Length);
        return taken.ToArray();
    }

    public ReadOnlySpan<byte> TakeRest()
    {
        ReadOnlySpan<byte> rest = _remaining;
        _remaining = default;
        return rest;
    }
}
