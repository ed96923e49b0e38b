using System;
using System.Buffers.Binary;

namespace FastText.Samples.TsvService;

/// <summary>A 64-bit checksum of a value's bytes (not cryptographic): equal bytes, equal checksums, on every machine.</summary>
public static class ValueChecksum
{
    /// <summary>The checksum of <paramref name="value"/>; its length is part of it, so a prefix never collides by construction.</summary>
    /// <param name="value">The bytes.</param>
    /// <returns>The checksum.</returns>
    public static ulong Of(ReadOnlySpan<byte> value)
    {
        ulong hash = 0xCBF29CE484222325UL ^ (ulong)value.Length;
        while (value.Length >= sizeof(ulong))
        {
            hash = Mix(hash ^ BinaryPrimitives.ReadUInt64LittleEndian(value));
            value = value[sizeof(ulong)..];
        }

        ulong tail = 0;
        for (int i = 0; i < value.Length; i++)
        {
            tail |= (ulong)value[i] << (8 * i);
        }

        return Mix(hash ^ tail);
    }

    // MurmurHash3's 64-bit finalizer: every input bit reaches every output bit.
    private static ulong Mix(ulong x)
    {
        x ^= x >> 33;
        x *= 0xFF51AFD7ED558CCDUL;
        x ^= x >> 33;
        x *= 0xC4CEB9FE1A85EC53UL;
        x ^= x >> 33;
        return x;
    }
}
