using System.Collections.Generic;
using System.Linq;

namespace FastText.Generate;

/// <summary>
/// The template of the ASCII vector paths, one file per vector width (src/FastText/Ascii/Paths/AsciiVector{128,256,512}.Net8.cs).
/// Every width shares every line except the named hooks of <see cref="VectorWidth"/>; a difference between two widths
/// that is not one of those hooks cannot exist, because there is no other place to write it.
/// </summary>
internal static class AsciiVectorTemplate
{
    /// <summary>The widths, narrowest first: each one's inputs shorter than a vector go to the one before it.</summary>
    internal static readonly VectorWidth[] Widths =
    [
        new(
            Bits: 128,
            Narrower: "AsciiUInt64",
            IntrinsicsUsings: ["System.Runtime.Intrinsics.Arm", "System.Runtime.Intrinsics.X86"],
            Summary: """
                /// The 128-bit ASCII paths (SSE2 on x64, AdvSimd on ARM64). Written with the cross-platform Vector128 API, so they
                /// run (emulated) on any CPU; only the narrowing step uses an SSE2 or AdvSimd instruction when one exists.
                """,
            NarrowAsciiHardware: """
                        if (Sse2.IsSupported)
                        {
                            // Every lane is <= 0x7F, so the saturating pack equals truncation and needs no masking first.
                            return Sse2.PackUnsignedSaturate(lower.AsInt16(), upper.AsInt16());
                        }

                        if (AdvSimd.IsSupported)
                        {
                            return AdvSimd.ExtractNarrowingUpper(AdvSimd.ExtractNarrowingLower(lower), upper).AsByte();
                        }

                """),
        new(
            Bits: 256,
            Narrower: "AsciiVector128",
            IntrinsicsUsings: ["System.Runtime.Intrinsics.X86"],
            Summary: """
                /// The 256-bit ASCII paths (AVX2 on x64). Written with the cross-platform Vector256 API, so they run (emulated)
                /// on any CPU; only the narrowing step uses an AVX2 instruction when it exists.
                """,
            NarrowAsciiHardware: """
                        if (Avx2.IsSupported)
                        {
                            // Every lane is <= 0x7F, so the saturating pack equals truncation and needs no masking first. It packs
                            // within 128-bit lanes; the permute puts the two halves back in order.
                            VecByte packed = Avx2.PackUnsignedSaturate(lower.AsInt16(), upper.AsInt16());
                            return Avx2.Permute4x64(packed.AsUInt64(), 0b11_01_10_00).AsByte();
                        }

                """),
        new(
            Bits: 512,
            Narrower: "AsciiVector256",
            IntrinsicsUsings: [],
            Summary: """
                /// The 512-bit ASCII paths (AVX-512BW on x64). Written with the cross-platform Vector512 API, so they run
                /// (emulated, slowly) on any CPU, which lets the tests check them on machines without AVX-512.
                """,
            NarrowAsciiHardware: """
                        // With AVX-512BW the JIT emits two vpmovwb truncations and an insert; no lane fix-up is needed.
                """),
    ];

    internal static IEnumerable<GeneratedFile> Files() =>
        Widths.Select(w => new GeneratedFile($"src/FastText/Ascii/Paths/AsciiVector{w.Bits}.Net8.cs", "eng/Generate/AsciiVectorTemplate.cs", Render(w)));

    private static string Render(VectorWidth w)
    {
        string usings = string.Concat(w.IntrinsicsUsings.Select(u => $"using {u};\n"));
        string siblings = string.Join(", ", Widths.Select(s => $"Vector{s.Bits}"));
        return $$"""
            using System.Numerics;
            using System.Runtime.CompilerServices;
            using System.Runtime.Intrinsics;
            {{usings}}using Narrower = FastText.{{w.Narrower}};
            using Vec = System.Runtime.Intrinsics.Vector{{w.Bits}};
            using VecByte = System.Runtime.Intrinsics.Vector{{w.Bits}}<byte>;
            using VecInt16 = System.Runtime.Intrinsics.Vector{{w.Bits}}<short>;
            using VecSByte = System.Runtime.Intrinsics.Vector{{w.Bits}}<sbyte>;
            using VecUInt16 = System.Runtime.Intrinsics.Vector{{w.Bits}}<ushort>;

            namespace FastText;

            /// <summary>
            {{w.Summary}}
            /// </summary>
            /// <remarks>
            /// Every operation shares one shape: whole vectors while they fit, then one final vector that overlaps the
            /// previous one (re-converting a few verified elements to identical values, which also keeps in-place case
            /// conversion idempotent), and a vector is checked for non-ASCII before anything from it is stored. On the
            /// first vector holding a non-ASCII element the narrower path finishes that one vector, so the count is exact
            /// and nothing at or after the bad element is written. Inputs shorter than one vector go to the narrower path.
            /// The sibling files ({{siblings}}) are this file line for line with different aliases.
            /// </remarks>
            internal static unsafe class AsciiVector{{w.Bits}}
            {
                public static bool IsHardwareAccelerated => Vector{{w.Bits}}.IsHardwareAccelerated;

                public static nuint Narrow(ref char source, ref byte destination, nuint length)
                {
                    nuint step = (nuint)VecByte.Count;
                    if (length < step)
                    {
                        return Narrower.Narrow(ref source, ref destination, length);
                    }

                    ref ushort chars = ref Unsafe.As<char, ushort>(ref source);
                    VecUInt16 nonAscii = Vec.Create((ushort)0xFF80);
                    nuint i = 0;
                    if (length >= 2 * step)
                    {
                        VecUInt16 first = Vec.LoadUnsafe(ref chars) | Vec.LoadUnsafe(ref chars, (nuint)VecUInt16.Count);
                        if ((first & nonAscii) != VecUInt16.Zero)
                        {
                            return Narrower.Narrow(ref source, ref destination, step);
                        }

                        NarrowAscii(Vec.LoadUnsafe(ref chars), Vec.LoadUnsafe(ref chars, (nuint)VecUInt16.Count)).StoreUnsafe(ref destination);
                        // Continue from the first vector-aligned destination address (re-narrowing up to one vector of
                        // verified chars) so no store splits a cache line. If the GC moves the array meanwhile the stores
                        // are merely unaligned again: alignment is a speed matter only.
                        i = step - ((nuint)Unsafe.AsPointer(ref destination) & (step - 1));
                        nuint lastPair = length - (2 * step);
                        while (i <= lastPair)
                        {
                            VecUInt16 a = Vec.LoadUnsafe(ref chars, i);
                            VecUInt16 b = Vec.LoadUnsafe(ref chars, i + (nuint)VecUInt16.Count);
                            VecUInt16 c = Vec.LoadUnsafe(ref chars, i + (2 * (nuint)VecUInt16.Count));
                            VecUInt16 d = Vec.LoadUnsafe(ref chars, i + (3 * (nuint)VecUInt16.Count));
                            if (((a | b | c | d) & nonAscii) != VecUInt16.Zero)
                            {
                                // The first non-ASCII char is in one of these two steps.
                                i += TryNarrowStep(ref chars, ref destination, i, nonAscii) ? step : 0;
                                goto NonAscii;
                            }

                            NarrowAscii(a, b).StoreUnsafe(ref destination, i);
                            NarrowAscii(c, d).StoreUnsafe(ref destination, i + step);
                            i += 2 * step;
                        }
                    }

                    // Fewer than two steps remain: at most one whole step, then the step that ends at length.
                    if (i < length)
                    {
                        if (length - i > step && !TryNarrowStep(ref chars, ref destination, i, nonAscii))
                        {
                            goto NonAscii;
                        }

                        i = length - step;
                        if (!TryNarrowStep(ref chars, ref destination, i, nonAscii))
                        {
                            goto NonAscii;
                        }
                    }

                    return length;

                NonAscii:
                    return i + Narrower.Narrow(ref Unsafe.Add(ref source, i), ref Unsafe.Add(ref destination, i), step);
                }

                public static nuint Widen(ref byte source, ref char destination, nuint length)
                {
                    nuint step = (nuint)VecByte.Count;
                    if (length < step)
                    {
                        return Narrower.Widen(ref source, ref destination, length);
                    }

                    ref ushort chars = ref Unsafe.As<char, ushort>(ref destination);
                    VecByte nonAscii = Vec.Create((byte)0x80);
                    nuint i = 0;
                    if (length >= 2 * step)
                    {
                        nuint lastPair = length - (2 * step);
                        do
                        {
                            VecByte a = Vec.LoadUnsafe(ref source, i);
                            VecByte b = Vec.LoadUnsafe(ref source, i + step);
                            if (((a | b) & nonAscii) != VecByte.Zero)
                            {
                                i += TryWidenStep(ref source, ref chars, i, nonAscii) ? step : 0;
                                goto NonAscii;
                            }

                            (VecUInt16 a0, VecUInt16 a1) = Vec.Widen(a);
                            (VecUInt16 b0, VecUInt16 b1) = Vec.Widen(b);
                            a0.StoreUnsafe(ref chars, i);
                            a1.StoreUnsafe(ref chars, i + (nuint)VecUInt16.Count);
                            b0.StoreUnsafe(ref chars, i + step);
                            b1.StoreUnsafe(ref chars, i + step + (nuint)VecUInt16.Count);
                            i += 2 * step;
                        }
                        while (i <= lastPair);
                    }

                    if (i < length)
                    {
                        if (length - i > step && !TryWidenStep(ref source, ref chars, i, nonAscii))
                        {
                            goto NonAscii;
                        }

                        i = length - step;
                        if (!TryWidenStep(ref source, ref chars, i, nonAscii))
                        {
                            goto NonAscii;
                        }
                    }

                    return length;

                NonAscii:
                    return i + Narrower.Widen(ref Unsafe.Add(ref source, i), ref Unsafe.Add(ref destination, i), step);
                }

                public static nuint IndexOfNonAscii(ref char source, nuint length)
                {
                    nuint step = (nuint)VecUInt16.Count;
                    if (length < step)
                    {
                        return Narrower.IndexOfNonAscii(ref source, length);
                    }

                    ref ushort chars = ref Unsafe.As<char, ushort>(ref source);
                    VecUInt16 nonAscii = Vec.Create((ushort)0xFF80);
                    nuint i = 0;
                    VecUInt16 high;
                    if (length >= 4 * step)
                    {
                        // The first vector unaligned, then on from the first vector-aligned source address (re-checking up to
                        // one vector of verified chars), so no load splits a cache line: at sizes that stay in L1 the split
                        // loads, not the compares, bound this loop. An unpinned address only risks speed, never correctness.
                        // Below 16 vectors the prologue costs more than the split loads it saves (measured at 128 chars).
                        if (length >= 16 * step)
                        {
                            high = Vec.LoadUnsafe(ref chars) & nonAscii;
                            if (high != VecUInt16.Zero)
                            {
                                goto NonAscii;
                            }

                            i = ((nuint)sizeof(VecUInt16) - ((nuint)Unsafe.AsPointer(ref chars) & (nuint)(sizeof(VecUInt16) - 1))) / sizeof(ushort);
                        }

                        // Four vectors per check: validation is load-bound, so the test and branch are amortized over four.
                        nuint lastQuad = length - (4 * step);
                        while (i <= lastQuad)
                        {
                            VecUInt16 a = Vec.LoadUnsafe(ref chars, i);
                            VecUInt16 b = Vec.LoadUnsafe(ref chars, i + step);
                            VecUInt16 c = Vec.LoadUnsafe(ref chars, i + (2 * step));
                            VecUInt16 d = Vec.LoadUnsafe(ref chars, i + (3 * step));
                            if ((((a | b) | (c | d)) & nonAscii) != VecUInt16.Zero)
                            {
                                // The first non-ASCII char is in one of these four vectors.
                                high = a & nonAscii;
                                if (high == VecUInt16.Zero)
                                {
                                    i += step;
                                    high = b & nonAscii;
                                    if (high == VecUInt16.Zero)
                                    {
                                        i += step;
                                        high = c & nonAscii;
                                        if (high == VecUInt16.Zero)
                                        {
                                            i += step;
                                            high = d & nonAscii;
                                        }
                                    }
                                }

                                goto NonAscii;
                            }

                            i += 4 * step;
                        }
                    }

                    // Fewer than four vectors remain: whole vectors, then the one that ends at length.
                    while (length - i > step)
                    {
                        high = Vec.LoadUnsafe(ref chars, i) & nonAscii;
                        if (high != VecUInt16.Zero)
                        {
                            goto NonAscii;
                        }

                        i += step;
                    }

                    i = length - step;
                    high = Vec.LoadUnsafe(ref chars, i) & nonAscii;
                    if (high != VecUInt16.Zero)
                    {
                        goto NonAscii;
                    }

                    return length;

                NonAscii:
                    // Elements before i are verified ASCII, so the first set lane is the first non-ASCII char.
                    ulong asciiLanes = Vec.Equals(high, VecUInt16.Zero).ExtractMostSignificantBits();
                    return i + (nuint)BitOperations.TrailingZeroCount(~asciiLanes);
                }

                public static nuint IndexOfNonAscii(ref byte source, nuint length)
                {
                    nuint step = (nuint)VecByte.Count;
                    if (length < step)
                    {
                        return Narrower.IndexOfNonAscii(ref source, length);
                    }

                    VecByte nonAscii = Vec.Create((byte)0x80);
                    nuint i = 0;
                    VecByte tail;
                    if (length >= 4 * step)
                    {
                        nuint lastQuad = length - (4 * step);
                        do
                        {
                            VecByte a = Vec.LoadUnsafe(ref source, i);
                            VecByte b = Vec.LoadUnsafe(ref source, i + step);
                            VecByte c = Vec.LoadUnsafe(ref source, i + (2 * step));
                            VecByte d = Vec.LoadUnsafe(ref source, i + (3 * step));
                            if ((((a | b) | (c | d)) & nonAscii) != VecByte.Zero)
                            {
                                tail = a;
                                if ((tail & nonAscii) == VecByte.Zero)
                                {
                                    i += step;
                                    tail = b;
                                    if ((tail & nonAscii) == VecByte.Zero)
                                    {
                                        i += step;
                                        tail = c;
                                        if ((tail & nonAscii) == VecByte.Zero)
                                        {
                                            i += step;
                                            tail = d;
                                        }
                                    }
                                }

                                goto NonAscii;
                            }

                            i += 4 * step;
                        }
                        while (i <= lastQuad);
                    }

                    while (length - i > step)
                    {
                        tail = Vec.LoadUnsafe(ref source, i);
                        if ((tail & nonAscii) != VecByte.Zero)
                        {
                            goto NonAscii;
                        }

                        i += step;
                    }

                    i = length - step;
                    tail = Vec.LoadUnsafe(ref source, i);
                    if ((tail & nonAscii) != VecByte.Zero)
                    {
                        goto NonAscii;
                    }

                    return length;

                NonAscii:
                    return i + (nuint)BitOperations.TrailingZeroCount(tail.ExtractMostSignificantBits());
                }

                public static nuint ChangeCase(ref char source, ref char destination, nuint length, bool toUpper)
                {
                    nuint step = (nuint)VecUInt16.Count;
                    if (length < step)
                    {
                        return Narrower.ChangeCase(ref source, ref destination, length, toUpper);
                    }

                    ref ushort from = ref Unsafe.As<char, ushort>(ref source);
                    ref ushort to = ref Unsafe.As<char, ushort>(ref destination);
                    VecUInt16 nonAscii = Vec.Create((ushort)0xFF80);
                    // For an ASCII lane c, c + (0x8000 - first) lands in [0x8000, 0x8019] exactly when c is one of the 26
                    // letters to flip, which one signed compare against short.MinValue + 26 detects.
                    VecUInt16 bias = Vec.Create((ushort)(0x8000 - (toUpper ? 'a' : 'A')));
                    VecInt16 limit = Vec.Create((short)(short.MinValue + 26));
                    VecUInt16 caseBit = Vec.Create((ushort)0x20);
                    nuint last = length - step;
                    for (nuint i = 0; i < length; i += step)
                    {
                        i = i > last ? last : i;
                        VecUInt16 a = Vec.LoadUnsafe(ref from, i);
                        if ((a & nonAscii) != VecUInt16.Zero)
                        {
                            return i + Narrower.ChangeCase(ref Unsafe.Add(ref source, i), ref Unsafe.Add(ref destination, i), step, toUpper);
                        }

                        VecUInt16 isLetter = Vec.LessThan((a + bias).AsInt16(), limit).AsUInt16();
                        (a ^ (isLetter & caseBit)).StoreUnsafe(ref to, i);
                    }

                    return length;
                }

                public static nuint ChangeCase(ref byte source, ref byte destination, nuint length, bool toUpper)
                {
                    nuint step = (nuint)VecByte.Count;
                    if (length < step)
                    {
                        return Narrower.ChangeCase(ref source, ref destination, length, toUpper);
                    }

                    VecByte nonAscii = Vec.Create((byte)0x80);
                    // The byte form of the char trick: c + (0x80 - first) is in [0x80, 0x99] exactly for the letters to flip.
                    VecByte bias = Vec.Create((byte)(0x80 - (toUpper ? 'a' : 'A')));
                    VecSByte limit = Vec.Create((sbyte)(sbyte.MinValue + 26));
                    VecByte caseBit = Vec.Create((byte)0x20);
                    nuint last = length - step;
                    for (nuint i = 0; i < length; i += step)
                    {
                        i = i > last ? last : i;
                        VecByte a = Vec.LoadUnsafe(ref source, i);
                        if ((a & nonAscii) != VecByte.Zero)
                        {
                            return i + Narrower.ChangeCase(ref Unsafe.Add(ref source, i), ref Unsafe.Add(ref destination, i), step, toUpper);
                        }

                        VecByte isLetter = Vec.LessThan((a + bias).AsSByte(), limit).AsByte();
                        (a ^ (isLetter & caseBit)).StoreUnsafe(ref destination, i);
                    }

                    return length;
                }

                /// <summary>Narrows one step at <paramref name="i"/> if it is all ASCII; stores nothing otherwise.</summary>
                [MethodImpl(MethodImplOptions.AggressiveInlining)]
                private static bool TryNarrowStep(ref ushort chars, ref byte destination, nuint i, VecUInt16 nonAscii)
                {
                    VecUInt16 a = Vec.LoadUnsafe(ref chars, i);
                    VecUInt16 b = Vec.LoadUnsafe(ref chars, i + (nuint)VecUInt16.Count);
                    if (((a | b) & nonAscii) != VecUInt16.Zero)
                    {
                        return false;
                    }

                    NarrowAscii(a, b).StoreUnsafe(ref destination, i);
                    return true;
                }

                /// <summary>Widens one step at <paramref name="i"/> if it is all ASCII; stores nothing otherwise.</summary>
                [MethodImpl(MethodImplOptions.AggressiveInlining)]
                private static bool TryWidenStep(ref byte source, ref ushort chars, nuint i, VecByte nonAscii)
                {
                    VecByte a = Vec.LoadUnsafe(ref source, i);
                    if ((a & nonAscii) != VecByte.Zero)
                    {
                        return false;
                    }

                    (VecUInt16 lower, VecUInt16 upper) = Vec.Widen(a);
                    lower.StoreUnsafe(ref chars, i);
                    upper.StoreUnsafe(ref chars, i + (nuint)VecUInt16.Count);
                    return true;
                }

                /// <summary>Packs two vectors of ASCII chars into one of bytes.</summary>
                [MethodImpl(MethodImplOptions.AggressiveInlining)]
                internal static VecByte NarrowAscii(VecUInt16 lower, VecUInt16 upper)
                {
            {{w.NarrowAsciiHardware}}
                    return Vec.Narrow(lower, upper);
                }
            }

            """;
    }
}

/// <summary>What one vector width's file has of its own; everything else is the shared template.</summary>
/// <param name="Bits">The width: the file, class and <c>VectorNNN</c> aliases are named after it.</param>
/// <param name="Narrower">The path inputs shorter than one vector go to (and the one that finishes a vector holding
/// non-ASCII): the next narrower width, or the scalar 64-bit path for the narrowest.</param>
/// <param name="IntrinsicsUsings">The ISA namespaces <paramref name="NarrowAsciiHardware"/> uses.</param>
/// <param name="Summary">The class summary's lines: which instruction sets the width maps to.</param>
/// <param name="NarrowAsciiHardware">The statements <c>NarrowAscii</c> runs before the portable
/// <c>Vec.Narrow</c>: the width's ISA-specific narrowing (SSE2 and AdvSimd for 128, AVX2 for 256, none for 512),
/// each a whole <c>if</c> that returns, followed by an empty line.</param>
internal sealed record VectorWidth(int Bits, string Narrower, string[] IntrinsicsUsings, string Summary, string NarrowAsciiHardware);
