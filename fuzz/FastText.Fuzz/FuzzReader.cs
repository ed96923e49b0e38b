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

    /// <summary>
    /// A double that a fixed-point format writes in full half the time: eight bytes of digits scaled down by a power of
    /// ten or of two (decimal fractions, exact binary ties, the neighbours of decimal ties), else any bit pattern.
    /// </summary>
    public double NextDouble()
    {
        byte shape = NextByte();
        ulong bits = 0;
        for (int i = 0; i < 8; i++)
        {
            bits = (bits << 8) | NextByte();
        }

        double magnitude = (shape & 3) switch
        {
            0 => BitConverter.Int64BitsToDouble((long)bits),
            1 => (bits >> (shape >> 2)) / Math.Pow(10, (shape >> 2) % 18),
            2 => (bits >> 11) / Math.Pow(2, (shape >> 2) + 10),
            _ => BitConverter.Int64BitsToDouble(BitConverter.DoubleToInt64Bits((bits % 1_000_000 * 10 + 5) / Math.Pow(10, ((shape >> 2) % 15) + 1)) + (long)(bits >> 62) - 2),
        };
        return (shape & 0x80) != 0 ? -magnitude : magnitude;
    }

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
