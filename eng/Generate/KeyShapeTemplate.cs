using System;
using System.Collections.Generic;
using System.Linq;

namespace FastText.Generate;

/// <summary>
/// The template of the per-arity key shapes (src/FastText/Keys/KeyShapeOfT.cs): <c>KeyShape&lt;T1&gt;</c> to
/// <c>KeyShape&lt;T1, ..., T6&gt;</c>, one class per arity, every part's measure and write step spelled out. The one
/// place an arity differs from the others other than in its count of parts is <see cref="TracksPresence"/>.
/// </summary>
internal static class KeyShapeTemplate
{
    /// <summary>The largest arity; <c>KeyShape.Create</c> and the PublicAPI files list one overload per arity.</summary>
    internal const int MaxArity = 6;

    private const string Throws = """
            /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
            /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
            /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
        """;

    internal static IEnumerable<GeneratedFile> Files()
    {
        string shapes = string.Join("\n", Enumerable.Range(1, MaxArity).Select(Shape));
        yield return new GeneratedFile("src/FastText/Keys/KeyShapeOfT.cs", "eng/Generate/KeyShapeTemplate.cs", """
            using System;
            using System.Runtime.CompilerServices;

            namespace FastText;

            // One class per arity, each part's measure and write step spelled out rather than shared through a helper: a helper
            // taking the "an earlier part was present" flag by ref makes that local address-exposed, which grows the
            // composers' tier-1 code by a quarter. The repetition is the price of keeping every value strongly typed and
            // the hot path register-allocated.
            //
            // A shape of two or more parts fills a composer made with `default` through Initialize, its values passed by
            // `in` and a 16-byte value copied in 8-byte halves (KeyValueCopy), and its Build is never inlined. Built by a
            // constructor, the composer is made in a temporary and copied with one vector load right after its fields
            // are stored, and so is a Guid argument: a load that spans several pending stores waits until they reach
            // the cache. Inlined into the caller, Build uses up the JIT's inlining budget there, and the composer's
            // literal and part writes stay calls. A one-part shape keeps the constructor and an inlinable Build: there,
            // in place, its one Guid is read back a few instructions after it is stored, which costs more than the
            // copy it saves. The measurements behind each choice are in bench/results/keys/composer-code-shape.md.


            """ + shapes);
    }

    /// <summary>
    /// Whether the composer keeps the "an earlier part was present" flag: it decides whether a gap (separator, label)
    /// goes before a part, so a shape of one part has no use for it and its composer does not declare it.
    /// </summary>
    private static bool TracksPresence(int arity) => arity > 1;

    /// <summary>
    /// Whether the composer is filled in place (<c>default</c>, then Initialize) and Build is kept out of the caller:
    /// for two or more parts, as the file's header says; a one-part shape is faster constructed and inlined.
    /// </summary>
    private static bool ComposesInPlace(int arity) => arity > 1;

    private static string Shape(int n)
    {
        string types = Each(n, ", ", i => $"T{i}");
        string parameters = Each(n, ", ", i => $"T{i} value{i}");
        string values = Each(n, ", ", i => $"value{i}");
        bool inPlace = ComposesInPlace(n);
        string compose = inPlace
            ? $"var composer = default(Composer);\n        composer.Initialize(this, {Each(n, ", ", i => $"in value{i}")});"
            : $"var composer = new Composer(this, {values});";
        string buildAttribute = inPlace ? "[MethodImpl(MethodImplOptions.NoInlining)]\n    " : "";
        string fieldModifier = inPlace ? "private" : "private readonly";
        string composerStart = inPlace
            ? $$"""
                /// <summary>Fills a composer made with <c>default</c>; its lengths and plans stay 0 until <see cref="Measure"/>.</summary>
                    internal void Initialize(KeyShape<{{types}}> shape, {{Each(n, ", ", i => $"in T{i} value{i}")}})
                    {
                        _shape = shape;
                        {{Each(n, "\n            ", i => $"KeyValueCopy.Copy(ref _value{i}, in value{i});")}}
                    }
            """
            : $$"""
                internal Composer(KeyShape<{{types}}> shape, {{parameters}})
                    {
                        _shape = shape;
                        {{Each(n, "\n            ", i => $"_value{i} = value{i};")}}
                        {{Each(n, "\n            ", i => $"_length{i} = 0;\n            _plan{i} = 0;")}}
                    }
            """;
        string valueDocs = Each(n, "\n    ", i => $"/// <param name=\"value{i}\">The value of part {i}.</param>");
        bool presence = TracksPresence(n);
        string presenceDeclaration = presence ? "bool anyPresent = layout.KeepsLabels;\n            " : "";
        string presenceMark = presence ? "\n                anyPresent = true;" : "";
        return $$"""
            /// <summary>
            /// A key shape of {{n}} {{(n == 1 ? "part" : "parts")}}, created by <see cref="KeyShape"/>. <see cref="Build"/> measures every part, allocates the
            /// key once at its exact length and writes the parts straight into it: the returned string is the only allocation.
            /// Immutable and thread-safe.
            /// </summary>
            {{Each(n, "\n", i => $"/// <typeparam name=\"T{i}\">The type of part {i}'s value.</typeparam>")}}
            public sealed class KeyShape<{{types}}>
            {
                private readonly KeyLayout _layout;
                {{Each(n, "\n    ", i => $"private readonly KeyPart<T{i}> _part{i};")}}

                internal KeyShape(KeyLayout layout, {{Each(n, ", ", i => $"KeyPart<T{i}> part{i}")}})
                {
                    _layout = layout;
                    {{Each(n, "\n        ", i => $"_part{i} = part{i};")}}
                }

                /// <summary>The same shape, borrowing a long key's scratch chars from <paramref name="pool"/> (a test's recording pool).</summary>
                internal KeyShape<{{types}}> WithScratchPool(System.Buffers.ArrayPool<char> pool) => new(_layout.WithScratchPool(pool), {{Each(n, ", ", i => $"_part{i}")}});

                /// <summary>Builds the key for these values.</summary>
                {{valueDocs}}
                /// <returns>The key; the only allocation.</returns>
            {{Throws}}
                {{buildAttribute}}public string Build({{parameters}})
                {
                    {{compose}}
                    return KeyStringFactory.Create(composer.Measure(), ref composer, _layout);
                }

                /// <summary>Writes the key into <paramref name="destination"/> instead of a new string; nothing is allocated.</summary>
                {{valueDocs}}
                /// <param name="destination">Receives the key.</param>
                /// <param name="charsWritten">The key's length; 0 when it does not fit.</param>
                /// <returns>False, with nothing written, when <paramref name="destination"/> is shorter than the key.</returns>
                /// <exception cref="ArgumentException">A strict part is invalid, the key would be too long (the exception names the part), or
                /// <paramref name="destination"/> overlaps the memory of a <see cref="KeyPart.MemoryText"/> value.</exception>
                /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
                /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
                public bool TryFormat({{parameters}}, Span<char> destination, out int charsWritten)
                {
                    {{compose}}
                    int length = composer.Measure();
                    if (length > destination.Length)
                    {
                        charsWritten = 0;
                        return false;
                    }

                    charsWritten = composer.Write(destination.Slice(0, length));
                    return true;
                }

                /// <summary>Writes the key as UTF-8 (byte-identical to <c>Encoding.UTF8.GetBytes(Build(...))</c>) into
                /// <paramref name="destination"/>; nothing is allocated.</summary>
                {{valueDocs}}
                /// <param name="destination">Receives the UTF-8 bytes.</param>
                /// <param name="bytesWritten">The number of bytes written; 0 when they do not fit.</param>
                /// <returns>False when <paramref name="destination"/> is too small; it may then hold partial output.</returns>
            {{Throws}}
                public bool TryFormatUtf8({{parameters}}, Span<byte> destination, out int bytesWritten)
                {
                    {{compose}}
                    return KeyUtf8.TryWrite(ref composer, composer.Measure(), _layout, destination, out bytesWritten);
                }

                /// <summary>Writes the key as UTF-8 (byte-identical to <c>Encoding.UTF8.GetBytes(Build(...))</c>) into
                /// <paramref name="writer"/>, asking it for exactly the bytes needed; nothing else is allocated.</summary>
                {{valueDocs}}
                /// <param name="writer">Receives the bytes; advanced by the returned count.</param>
                /// <returns>The number of bytes written.</returns>
                /// <exception cref="ArgumentNullException"><paramref name="writer"/> is null.</exception>
                /// <exception cref="ArgumentOutOfRangeException">The key's UTF-8 form would be longer than <see cref="int.MaxValue"/> bytes
                /// (checked before <paramref name="writer"/> is asked for memory).</exception>
            {{Throws}}
                public int WriteUtf8({{parameters}}, System.Buffers.IBufferWriter<byte> writer)
                {
                    if (writer is null)
                    {
                        Internal.ThrowHelper.ThrowArgumentNull(nameof(writer));
                    }

                    {{compose}}
                    return KeyUtf8.Write(ref composer, composer.Measure(), _layout, writer);
                }

                /// <summary>The key's length, for a shape used as a part of a larger one (<see cref="KeyPart.Shape{T1}(string, KeyShape{T1})"/>).</summary>
                internal int Measure({{parameters}})
                {
                    {{compose}}
                    return composer.Measure();
                }

                /// <summary>Writes the key into exactly its measured length; measured again, so a change since is an exception.</summary>
                internal void WriteExactly({{parameters}}, Span<char> destination, string partName)
                {
                    {{compose}}
                    if (composer.Measure() != destination.Length)
                    {
                        KeyThrowHelper.ThrowPartChanged(partName);
                    }

                    composer.Write(destination);
                }

                /// <summary>Measures, then writes into <paramref name="destination"/> (at least the measured length); for the tests of measure == written.</summary>
                internal int MeasureAndWrite({{parameters}}, Span<char> destination, out int measured)
                {
                    {{compose}}
                    measured = composer.Measure();
                    return composer.Write(destination.Slice(0, measured));
                }

                private struct Composer : IKeyComposer
                {
                    {{fieldModifier}} KeyShape<{{types}}> _shape;
                    {{Each(n, "\n        ", i => $"{fieldModifier} T{i} _value{i};")}}
                    {{Each(n, "\n        ", i => $"private int _length{i};\n        private int _plan{i};")}}

                {{composerStart}}

                    internal int Measure()
                    {
                        KeyShape<{{types}}> shape = _shape;
                        KeyLayout layout = shape._layout;
                        long total = layout.FixedLength;
                        {{presenceDeclaration}}KeyPart<T1> part1 = shape._part1;
                        _length1 = part1.FixedLength >= 0 ? part1.FixedLength : part1.Measure(_value1, out _plan1);
                        if (_length1 >= 0)
                        {
                            total += _length1;{{presenceMark}}
                        }

            {{string.Concat(Enumerable.Range(2, n - 1).Select(MeasurePart))}}            if (total > KeyLayout.MaxKeyLength)
                        {
                            Internal.ThrowHelper.ThrowKeyTooLong(shape._part1.Name);
                        }

                        return (int)total;
                    }

                    public int Write(Span<char> destination)
                    {
                        KeyShape<{{types}}> shape = _shape;
                        KeyLayout layout = shape._layout;
                        int position = KeyLayout.WriteLiteral(layout.Prefix, destination, 0);
                        {{presenceDeclaration}}if (_length1 >= 0)
                        {
                            shape._part1.Write(_value1, _plan1, destination.Slice(position, _length1));
                            position += _length1;{{presenceMark}}
                        }

            {{string.Concat(Enumerable.Range(2, n - 1).Select(WritePart))}}            return KeyLayout.WriteLiteral(layout.Suffix, destination, position);
                    }
                }
            }

            """;
    }

    /// <summary>Part <paramref name="i"/>'s measure step (parts after the first), ending with an empty line.</summary>
    private static string MeasurePart(int i) => $$"""
                    KeyPart<T{{i}}> part{{i}} = shape._part{{i}};
                    _length{{i}} = part{{i}}.FixedLength >= 0 ? part{{i}}.FixedLength : part{{i}}.Measure(_value{{i}}, out _plan{{i}});
                    total = layout.Add(total, _length{{i}}, {{i}}, ref anyPresent, shape._part{{i}}.Name);


        """;

    /// <summary>Part <paramref name="i"/>'s write step (parts after the first), ending with an empty line.</summary>
    private static string WritePart(int i) => $$"""
                    if (_length{{i}} >= 0)
                    {
                        position = layout.WriteGap({{i}}, anyPresent, destination, position);
                        shape._part{{i}}.Write(_value{{i}}, _plan{{i}}, destination.Slice(position, _length{{i}}));
                        position += _length{{i}};
                        anyPresent = true;
                    }

                    else
                    {
                        position = layout.WriteLabelOfAbsent({{i}}, destination, position);
                    }


        """;

    private static string Each(int n, string separator, Func<int, string> item) =>
        string.Join(separator, Enumerable.Range(1, n).Select(item));
}
