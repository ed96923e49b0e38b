using System;
using System.Collections.Generic;

namespace FastText.Fuzz;

/// <summary>
/// A seeded stand-in for a coverage-guided engine: mutates corpus entries (bit flips, byte sets, splices, truncation,
/// duplication) and makes fresh inputs biased towards the bytes our parsers care about. Same seed, same inputs.
/// </summary>
internal sealed class RandomInputs
{
    // Bytes that sit on decision edges: ASCII limits, tab/CR/LF/#, UTF-8 lead and continuation bytes, BOM.
    private static readonly byte[] Interesting = { 0x00, 0x09, 0x0A, 0x0D, 0x23, 0x41, 0x5C, 0x7F, 0x80, 0xBF, 0xC3, 0xD8, 0xDF, 0xEF, 0xBB, 0xFF };

    private readonly Random _random;
    private readonly List<byte[]> _corpus;

    public RandomInputs(int seed, List<byte[]> corpus)
    {
#pragma warning disable CA5394 // Reproducible fuzz inputs, not security.
        _random = new Random(seed);
#pragma warning restore CA5394
        _corpus = corpus;
    }

#pragma warning disable CA5394
    public byte[] Next()
    {
        if (_corpus.Count > 0 && _random.Next(4) != 0)
        {
            return Mutate(_corpus[_random.Next(_corpus.Count)]);
        }

        int length = _random.Next(8) == 0 ? _random.Next(4096) : _random.Next(160);
        byte[] fresh = new byte[length];
        for (int i = 0; i < fresh.Length; i++)
        {
            fresh[i] = _random.Next(3) switch
            {
                0 => Interesting[_random.Next(Interesting.Length)],
                1 => (byte)_random.Next(0x20, 0x7F),
                _ => (byte)_random.Next(256),
            };
        }

        return fresh;
    }

    private byte[] Mutate(byte[] original)
    {
        var bytes = new List<byte>(original);
        int mutations = 1 + _random.Next(4);
        for (int m = 0; m < mutations; m++)
        {
            int position = bytes.Count == 0 ? 0 : _random.Next(bytes.Count);
            switch (_random.Next(6))
            {
                case 0 when bytes.Count > 0:
                    bytes[position] ^= (byte)(1 << _random.Next(8));
                    break;
                case 1 when bytes.Count > 0:
                    bytes[position] = Interesting[_random.Next(Interesting.Length)];
                    break;
                case 2:
                    bytes.Insert(position, Interesting[_random.Next(Interesting.Length)]);
                    break;
                case 3 when bytes.Count > 0:
                    bytes.RemoveRange(position, Math.Min(bytes.Count - position, 1 + _random.Next(8)));
                    break;
                case 4 when bytes.Count > 0:
                    int length = Math.Min(bytes.Count - position, 1 + _random.Next(64));
                    bytes.InsertRange(_random.Next(bytes.Count), bytes.GetRange(position, length));
                    break;
                default:
                    if (_corpus.Count > 0)
                    {
                        byte[] other = _corpus[_random.Next(_corpus.Count)];
                        int start = other.Length == 0 ? 0 : _random.Next(other.Length);
                        bytes.InsertRange(position, new ArraySegment<byte>(other, start, other.Length - start));
                    }

                    break;
            }
        }

        return bytes.ToArray();
    }
#pragma warning restore CA5394
}
