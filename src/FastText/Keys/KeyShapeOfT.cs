using System;

namespace FastText;

// One class per arity, each part's measure and write step spelled out rather than shared through a helper: a helper
// taking the "an earlier part was present" flag by ref makes that local address-exposed, and the tier-1 code of the
// 6-part composer grew from 1777 to 2327 bytes (Write) and 835 to 958 bytes (Measure) when we tried it. The
// repetition is the price of keeping every value strongly typed and the hot path register-allocated.

/// <summary>
/// A key shape of 1 part, created by <see cref="KeyShape"/>. <see cref="Build"/> measures every part, allocates the
/// key once at its exact length and writes the parts straight into it: the returned string is the only allocation.
/// Immutable and thread-safe.
/// </summary>
/// <typeparam name="T1">The type of part 1's value.</typeparam>
public sealed class KeyShape<T1>
{
    private readonly KeyLayout _layout;
    private readonly System.Buffers.SpanAction<char, Composer> _write = KeyWriteAction<Composer>.Instance;
    private readonly KeyPart<T1> _part1;

    internal KeyShape(KeyLayout layout, KeyPart<T1> part1)
    {
        _layout = layout;
        _part1 = part1;
    }

    /// <summary>Builds the key for these values.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <returns>The key; the only allocation.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public string Build(T1 value1)
    {
        var composer = new Composer(this, value1);
        return KeyStringFactory.Create(composer.Measure(), composer, _write);
    }

    /// <summary>Writes the key into <paramref name="destination"/> instead of a new string; nothing is allocated.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="destination">Receives the key.</param>
    /// <param name="charsWritten">The key's length; 0 when it does not fit.</param>
    /// <returns>False, with nothing written, when <paramref name="destination"/> is shorter than the key.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public bool TryFormat(T1 value1, Span<char> destination, out int charsWritten)
    {
        var composer = new Composer(this, value1);
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
    /// <param name="value1">The value of part 1.</param>
    /// <param name="destination">Receives the UTF-8 bytes.</param>
    /// <param name="bytesWritten">The number of bytes written; 0 when they do not fit.</param>
    /// <returns>False when <paramref name="destination"/> is too small; it may then hold partial output.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public bool TryFormatUtf8(T1 value1, Span<byte> destination, out int bytesWritten)
    {
        var composer = new Composer(this, value1);
        return KeyUtf8.TryWrite(ref composer, composer.Measure(), destination, out bytesWritten);
    }

    /// <summary>Writes the key as UTF-8 (byte-identical to <c>Encoding.UTF8.GetBytes(Build(...))</c>) into
    /// <paramref name="writer"/>, asking it for exactly the bytes needed; nothing else is allocated.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="writer">Receives the bytes; advanced by the returned count.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="writer"/> is null.</exception>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public int WriteUtf8(T1 value1, System.Buffers.IBufferWriter<byte> writer)
    {
        if (writer is null)
        {
            Internal.ThrowHelper.ThrowArgumentNull(nameof(writer));
        }

        var composer = new Composer(this, value1);
        return KeyUtf8.Write(ref composer, composer.Measure(), writer);
    }

    /// <summary>The key's length, for a shape used as a part of a larger one (<see cref="KeyPart.Shape{T1}(string, KeyShape{T1})"/>).</summary>
    internal int Measure(T1 value1) => new Composer(this, value1).Measure();

    /// <summary>Writes the key into exactly its measured length; measured again, so a change since is an exception.</summary>
    internal void WriteExactly(T1 value1, Span<char> destination, string partName)
    {
        var composer = new Composer(this, value1);
        if (composer.Measure() != destination.Length)
        {
            KeyThrowHelper.ThrowPartChanged(partName);
        }

        composer.Write(destination);
    }

    /// <summary>Measures, then writes into <paramref name="destination"/> (at least the measured length); for the tests of measure == written.</summary>
    internal int MeasureAndWrite(T1 value1, Span<char> destination, out int measured)
    {
        var composer = new Composer(this, value1);
        measured = composer.Measure();
        return composer.Write(destination.Slice(0, measured));
    }

    private struct Composer : IKeyComposer
    {
        private readonly KeyShape<T1> _shape;
        private readonly T1 _value1;
        private int _length1;
        private int _plan1;

        internal Composer(KeyShape<T1> shape, T1 value1)
        {
            _shape = shape;
            _value1 = value1;
            _length1 = 0;
            _plan1 = 0;
        }

        internal int Measure()
        {
            KeyShape<T1> shape = _shape;
            KeyLayout layout = shape._layout;
            long total = layout.FixedLength;
            KeyPart<T1> part1 = shape._part1;
            _length1 = part1.FixedLength >= 0 ? part1.FixedLength : part1.Measure(_value1, out _plan1);
            if (_length1 >= 0)
            {
                total += _length1;
            }

            if (total > KeyLayout.MaxKeyLength)
            {
                Internal.ThrowHelper.ThrowKeyTooLong(shape._part1.Name);
            }

            return (int)total;
        }

        public int Write(Span<char> destination)
        {
            KeyShape<T1> shape = _shape;
            KeyLayout layout = shape._layout;
            int position = KeyLayout.WriteLiteral(layout.Prefix, destination, 0);
            if (_length1 >= 0)
            {
                shape._part1.Write(_value1, _plan1, destination.Slice(position, _length1));
                position += _length1;
            }

            return KeyLayout.WriteLiteral(layout.Suffix, destination, position);
        }
    }
}

/// <summary>
/// A key shape of 2 parts, created by <see cref="KeyShape"/>. <see cref="Build"/> measures every part, allocates the
/// key once at its exact length and writes the parts straight into it: the returned string is the only allocation.
/// Immutable and thread-safe.
/// </summary>
/// <typeparam name="T1">The type of part 1's value.</typeparam>
/// <typeparam name="T2">The type of part 2's value.</typeparam>
public sealed class KeyShape<T1, T2>
{
    private readonly KeyLayout _layout;
    private readonly System.Buffers.SpanAction<char, Composer> _write = KeyWriteAction<Composer>.Instance;
    private readonly KeyPart<T1> _part1;
    private readonly KeyPart<T2> _part2;

    internal KeyShape(KeyLayout layout, KeyPart<T1> part1, KeyPart<T2> part2)
    {
        _layout = layout;
        _part1 = part1;
        _part2 = part2;
    }

    /// <summary>Builds the key for these values.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <returns>The key; the only allocation.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public string Build(T1 value1, T2 value2)
    {
        var composer = new Composer(this, value1, value2);
        return KeyStringFactory.Create(composer.Measure(), composer, _write);
    }

    /// <summary>Writes the key into <paramref name="destination"/> instead of a new string; nothing is allocated.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="destination">Receives the key.</param>
    /// <param name="charsWritten">The key's length; 0 when it does not fit.</param>
    /// <returns>False, with nothing written, when <paramref name="destination"/> is shorter than the key.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public bool TryFormat(T1 value1, T2 value2, Span<char> destination, out int charsWritten)
    {
        var composer = new Composer(this, value1, value2);
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
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="destination">Receives the UTF-8 bytes.</param>
    /// <param name="bytesWritten">The number of bytes written; 0 when they do not fit.</param>
    /// <returns>False when <paramref name="destination"/> is too small; it may then hold partial output.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public bool TryFormatUtf8(T1 value1, T2 value2, Span<byte> destination, out int bytesWritten)
    {
        var composer = new Composer(this, value1, value2);
        return KeyUtf8.TryWrite(ref composer, composer.Measure(), destination, out bytesWritten);
    }

    /// <summary>Writes the key as UTF-8 (byte-identical to <c>Encoding.UTF8.GetBytes(Build(...))</c>) into
    /// <paramref name="writer"/>, asking it for exactly the bytes needed; nothing else is allocated.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="writer">Receives the bytes; advanced by the returned count.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="writer"/> is null.</exception>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public int WriteUtf8(T1 value1, T2 value2, System.Buffers.IBufferWriter<byte> writer)
    {
        if (writer is null)
        {
            Internal.ThrowHelper.ThrowArgumentNull(nameof(writer));
        }

        var composer = new Composer(this, value1, value2);
        return KeyUtf8.Write(ref composer, composer.Measure(), writer);
    }

    /// <summary>The key's length, for a shape used as a part of a larger one (<see cref="KeyPart.Shape{T1}(string, KeyShape{T1})"/>).</summary>
    internal int Measure(T1 value1, T2 value2) => new Composer(this, value1, value2).Measure();

    /// <summary>Writes the key into exactly its measured length; measured again, so a change since is an exception.</summary>
    internal void WriteExactly(T1 value1, T2 value2, Span<char> destination, string partName)
    {
        var composer = new Composer(this, value1, value2);
        if (composer.Measure() != destination.Length)
        {
            KeyThrowHelper.ThrowPartChanged(partName);
        }

        composer.Write(destination);
    }

    /// <summary>Measures, then writes into <paramref name="destination"/> (at least the measured length); for the tests of measure == written.</summary>
    internal int MeasureAndWrite(T1 value1, T2 value2, Span<char> destination, out int measured)
    {
        var composer = new Composer(this, value1, value2);
        measured = composer.Measure();
        return composer.Write(destination.Slice(0, measured));
    }

    private struct Composer : IKeyComposer
    {
        private readonly KeyShape<T1, T2> _shape;
        private readonly T1 _value1;
        private readonly T2 _value2;
        private int _length1;
        private int _plan1;
        private int _length2;
        private int _plan2;

        internal Composer(KeyShape<T1, T2> shape, T1 value1, T2 value2)
        {
            _shape = shape;
            _value1 = value1;
            _value2 = value2;
            _length1 = 0;
            _plan1 = 0;
            _length2 = 0;
            _plan2 = 0;
        }

        internal int Measure()
        {
            KeyShape<T1, T2> shape = _shape;
            KeyLayout layout = shape._layout;
            long total = layout.FixedLength;
            bool anyPresent = layout.KeepsLabels;
            KeyPart<T1> part1 = shape._part1;
            _length1 = part1.FixedLength >= 0 ? part1.FixedLength : part1.Measure(_value1, out _plan1);
            if (_length1 >= 0)
            {
                total += _length1;
                anyPresent = true;
            }

            KeyPart<T2> part2 = shape._part2;
            _length2 = part2.FixedLength >= 0 ? part2.FixedLength : part2.Measure(_value2, out _plan2);
            total = layout.Add(total, _length2, 2, ref anyPresent, shape._part2.Name);

            if (total > KeyLayout.MaxKeyLength)
            {
                Internal.ThrowHelper.ThrowKeyTooLong(shape._part1.Name);
            }

            return (int)total;
        }

        public int Write(Span<char> destination)
        {
            KeyShape<T1, T2> shape = _shape;
            KeyLayout layout = shape._layout;
            int position = KeyLayout.WriteLiteral(layout.Prefix, destination, 0);
            bool anyPresent = layout.KeepsLabels;
            if (_length1 >= 0)
            {
                shape._part1.Write(_value1, _plan1, destination.Slice(position, _length1));
                position += _length1;
                anyPresent = true;
            }

            if (_length2 >= 0)
            {
                position = layout.WriteGap(2, anyPresent, destination, position);
                shape._part2.Write(_value2, _plan2, destination.Slice(position, _length2));
                position += _length2;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(2, destination, position);
            }

            return KeyLayout.WriteLiteral(layout.Suffix, destination, position);
        }
    }
}

/// <summary>
/// A key shape of 3 parts, created by <see cref="KeyShape"/>. <see cref="Build"/> measures every part, allocates the
/// key once at its exact length and writes the parts straight into it: the returned string is the only allocation.
/// Immutable and thread-safe.
/// </summary>
/// <typeparam name="T1">The type of part 1's value.</typeparam>
/// <typeparam name="T2">The type of part 2's value.</typeparam>
/// <typeparam name="T3">The type of part 3's value.</typeparam>
public sealed class KeyShape<T1, T2, T3>
{
    private readonly KeyLayout _layout;
    private readonly System.Buffers.SpanAction<char, Composer> _write = KeyWriteAction<Composer>.Instance;
    private readonly KeyPart<T1> _part1;
    private readonly KeyPart<T2> _part2;
    private readonly KeyPart<T3> _part3;

    internal KeyShape(KeyLayout layout, KeyPart<T1> part1, KeyPart<T2> part2, KeyPart<T3> part3)
    {
        _layout = layout;
        _part1 = part1;
        _part2 = part2;
        _part3 = part3;
    }

    /// <summary>Builds the key for these values.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <returns>The key; the only allocation.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public string Build(T1 value1, T2 value2, T3 value3)
    {
        var composer = new Composer(this, value1, value2, value3);
        return KeyStringFactory.Create(composer.Measure(), composer, _write);
    }

    /// <summary>Writes the key into <paramref name="destination"/> instead of a new string; nothing is allocated.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="destination">Receives the key.</param>
    /// <param name="charsWritten">The key's length; 0 when it does not fit.</param>
    /// <returns>False, with nothing written, when <paramref name="destination"/> is shorter than the key.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public bool TryFormat(T1 value1, T2 value2, T3 value3, Span<char> destination, out int charsWritten)
    {
        var composer = new Composer(this, value1, value2, value3);
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
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="destination">Receives the UTF-8 bytes.</param>
    /// <param name="bytesWritten">The number of bytes written; 0 when they do not fit.</param>
    /// <returns>False when <paramref name="destination"/> is too small; it may then hold partial output.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public bool TryFormatUtf8(T1 value1, T2 value2, T3 value3, Span<byte> destination, out int bytesWritten)
    {
        var composer = new Composer(this, value1, value2, value3);
        return KeyUtf8.TryWrite(ref composer, composer.Measure(), destination, out bytesWritten);
    }

    /// <summary>Writes the key as UTF-8 (byte-identical to <c>Encoding.UTF8.GetBytes(Build(...))</c>) into
    /// <paramref name="writer"/>, asking it for exactly the bytes needed; nothing else is allocated.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="writer">Receives the bytes; advanced by the returned count.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="writer"/> is null.</exception>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public int WriteUtf8(T1 value1, T2 value2, T3 value3, System.Buffers.IBufferWriter<byte> writer)
    {
        if (writer is null)
        {
            Internal.ThrowHelper.ThrowArgumentNull(nameof(writer));
        }

        var composer = new Composer(this, value1, value2, value3);
        return KeyUtf8.Write(ref composer, composer.Measure(), writer);
    }

    /// <summary>The key's length, for a shape used as a part of a larger one (<see cref="KeyPart.Shape{T1}(string, KeyShape{T1})"/>).</summary>
    internal int Measure(T1 value1, T2 value2, T3 value3) => new Composer(this, value1, value2, value3).Measure();

    /// <summary>Writes the key into exactly its measured length; measured again, so a change since is an exception.</summary>
    internal void WriteExactly(T1 value1, T2 value2, T3 value3, Span<char> destination, string partName)
    {
        var composer = new Composer(this, value1, value2, value3);
        if (composer.Measure() != destination.Length)
        {
            KeyThrowHelper.ThrowPartChanged(partName);
        }

        composer.Write(destination);
    }

    /// <summary>Measures, then writes into <paramref name="destination"/> (at least the measured length); for the tests of measure == written.</summary>
    internal int MeasureAndWrite(T1 value1, T2 value2, T3 value3, Span<char> destination, out int measured)
    {
        var composer = new Composer(this, value1, value2, value3);
        measured = composer.Measure();
        return composer.Write(destination.Slice(0, measured));
    }

    private struct Composer : IKeyComposer
    {
        private readonly KeyShape<T1, T2, T3> _shape;
        private readonly T1 _value1;
        private readonly T2 _value2;
        private readonly T3 _value3;
        private int _length1;
        private int _plan1;
        private int _length2;
        private int _plan2;
        private int _length3;
        private int _plan3;

        internal Composer(KeyShape<T1, T2, T3> shape, T1 value1, T2 value2, T3 value3)
        {
            _shape = shape;
            _value1 = value1;
            _value2 = value2;
            _value3 = value3;
            _length1 = 0;
            _plan1 = 0;
            _length2 = 0;
            _plan2 = 0;
            _length3 = 0;
            _plan3 = 0;
        }

        internal int Measure()
        {
            KeyShape<T1, T2, T3> shape = _shape;
            KeyLayout layout = shape._layout;
            long total = layout.FixedLength;
            bool anyPresent = layout.KeepsLabels;
            KeyPart<T1> part1 = shape._part1;
            _length1 = part1.FixedLength >= 0 ? part1.FixedLength : part1.Measure(_value1, out _plan1);
            if (_length1 >= 0)
            {
                total += _length1;
                anyPresent = true;
            }

            KeyPart<T2> part2 = shape._part2;
            _length2 = part2.FixedLength >= 0 ? part2.FixedLength : part2.Measure(_value2, out _plan2);
            total = layout.Add(total, _length2, 2, ref anyPresent, shape._part2.Name);

            KeyPart<T3> part3 = shape._part3;
            _length3 = part3.FixedLength >= 0 ? part3.FixedLength : part3.Measure(_value3, out _plan3);
            total = layout.Add(total, _length3, 3, ref anyPresent, shape._part3.Name);

            if (total > KeyLayout.MaxKeyLength)
            {
                Internal.ThrowHelper.ThrowKeyTooLong(shape._part1.Name);
            }

            return (int)total;
        }

        public int Write(Span<char> destination)
        {
            KeyShape<T1, T2, T3> shape = _shape;
            KeyLayout layout = shape._layout;
            int position = KeyLayout.WriteLiteral(layout.Prefix, destination, 0);
            bool anyPresent = layout.KeepsLabels;
            if (_length1 >= 0)
            {
                shape._part1.Write(_value1, _plan1, destination.Slice(position, _length1));
                position += _length1;
                anyPresent = true;
            }

            if (_length2 >= 0)
            {
                position = layout.WriteGap(2, anyPresent, destination, position);
                shape._part2.Write(_value2, _plan2, destination.Slice(position, _length2));
                position += _length2;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(2, destination, position);
            }

            if (_length3 >= 0)
            {
                position = layout.WriteGap(3, anyPresent, destination, position);
                shape._part3.Write(_value3, _plan3, destination.Slice(position, _length3));
                position += _length3;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(3, destination, position);
            }

            return KeyLayout.WriteLiteral(layout.Suffix, destination, position);
        }
    }
}

/// <summary>
/// A key shape of 4 parts, created by <see cref="KeyShape"/>. <see cref="Build"/> measures every part, allocates the
/// key once at its exact length and writes the parts straight into it: the returned string is the only allocation.
/// Immutable and thread-safe.
/// </summary>
/// <typeparam name="T1">The type of part 1's value.</typeparam>
/// <typeparam name="T2">The type of part 2's value.</typeparam>
/// <typeparam name="T3">The type of part 3's value.</typeparam>
/// <typeparam name="T4">The type of part 4's value.</typeparam>
public sealed class KeyShape<T1, T2, T3, T4>
{
    private readonly KeyLayout _layout;
    private readonly System.Buffers.SpanAction<char, Composer> _write = KeyWriteAction<Composer>.Instance;
    private readonly KeyPart<T1> _part1;
    private readonly KeyPart<T2> _part2;
    private readonly KeyPart<T3> _part3;
    private readonly KeyPart<T4> _part4;

    internal KeyShape(KeyLayout layout, KeyPart<T1> part1, KeyPart<T2> part2, KeyPart<T3> part3, KeyPart<T4> part4)
    {
        _layout = layout;
        _part1 = part1;
        _part2 = part2;
        _part3 = part3;
        _part4 = part4;
    }

    /// <summary>Builds the key for these values.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="value4">The value of part 4.</param>
    /// <returns>The key; the only allocation.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public string Build(T1 value1, T2 value2, T3 value3, T4 value4)
    {
        var composer = new Composer(this, value1, value2, value3, value4);
        return KeyStringFactory.Create(composer.Measure(), composer, _write);
    }

    /// <summary>Writes the key into <paramref name="destination"/> instead of a new string; nothing is allocated.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="value4">The value of part 4.</param>
    /// <param name="destination">Receives the key.</param>
    /// <param name="charsWritten">The key's length; 0 when it does not fit.</param>
    /// <returns>False, with nothing written, when <paramref name="destination"/> is shorter than the key.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public bool TryFormat(T1 value1, T2 value2, T3 value3, T4 value4, Span<char> destination, out int charsWritten)
    {
        var composer = new Composer(this, value1, value2, value3, value4);
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
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="value4">The value of part 4.</param>
    /// <param name="destination">Receives the UTF-8 bytes.</param>
    /// <param name="bytesWritten">The number of bytes written; 0 when they do not fit.</param>
    /// <returns>False when <paramref name="destination"/> is too small; it may then hold partial output.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public bool TryFormatUtf8(T1 value1, T2 value2, T3 value3, T4 value4, Span<byte> destination, out int bytesWritten)
    {
        var composer = new Composer(this, value1, value2, value3, value4);
        return KeyUtf8.TryWrite(ref composer, composer.Measure(), destination, out bytesWritten);
    }

    /// <summary>Writes the key as UTF-8 (byte-identical to <c>Encoding.UTF8.GetBytes(Build(...))</c>) into
    /// <paramref name="writer"/>, asking it for exactly the bytes needed; nothing else is allocated.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="value4">The value of part 4.</param>
    /// <param name="writer">Receives the bytes; advanced by the returned count.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="writer"/> is null.</exception>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public int WriteUtf8(T1 value1, T2 value2, T3 value3, T4 value4, System.Buffers.IBufferWriter<byte> writer)
    {
        if (writer is null)
        {
            Internal.ThrowHelper.ThrowArgumentNull(nameof(writer));
        }

        var composer = new Composer(this, value1, value2, value3, value4);
        return KeyUtf8.Write(ref composer, composer.Measure(), writer);
    }

    /// <summary>The key's length, for a shape used as a part of a larger one (<see cref="KeyPart.Shape{T1}(string, KeyShape{T1})"/>).</summary>
    internal int Measure(T1 value1, T2 value2, T3 value3, T4 value4) => new Composer(this, value1, value2, value3, value4).Measure();

    /// <summary>Writes the key into exactly its measured length; measured again, so a change since is an exception.</summary>
    internal void WriteExactly(T1 value1, T2 value2, T3 value3, T4 value4, Span<char> destination, string partName)
    {
        var composer = new Composer(this, value1, value2, value3, value4);
        if (composer.Measure() != destination.Length)
        {
            KeyThrowHelper.ThrowPartChanged(partName);
        }

        composer.Write(destination);
    }

    /// <summary>Measures, then writes into <paramref name="destination"/> (at least the measured length); for the tests of measure == written.</summary>
    internal int MeasureAndWrite(T1 value1, T2 value2, T3 value3, T4 value4, Span<char> destination, out int measured)
    {
        var composer = new Composer(this, value1, value2, value3, value4);
        measured = composer.Measure();
        return composer.Write(destination.Slice(0, measured));
    }

    private struct Composer : IKeyComposer
    {
        private readonly KeyShape<T1, T2, T3, T4> _shape;
        private readonly T1 _value1;
        private readonly T2 _value2;
        private readonly T3 _value3;
        private readonly T4 _value4;
        private int _length1;
        private int _plan1;
        private int _length2;
        private int _plan2;
        private int _length3;
        private int _plan3;
        private int _length4;
        private int _plan4;

        internal Composer(KeyShape<T1, T2, T3, T4> shape, T1 value1, T2 value2, T3 value3, T4 value4)
        {
            _shape = shape;
            _value1 = value1;
            _value2 = value2;
            _value3 = value3;
            _value4 = value4;
            _length1 = 0;
            _plan1 = 0;
            _length2 = 0;
            _plan2 = 0;
            _length3 = 0;
            _plan3 = 0;
            _length4 = 0;
            _plan4 = 0;
        }

        internal int Measure()
        {
            KeyShape<T1, T2, T3, T4> shape = _shape;
            KeyLayout layout = shape._layout;
            long total = layout.FixedLength;
            bool anyPresent = layout.KeepsLabels;
            KeyPart<T1> part1 = shape._part1;
            _length1 = part1.FixedLength >= 0 ? part1.FixedLength : part1.Measure(_value1, out _plan1);
            if (_length1 >= 0)
            {
                total += _length1;
                anyPresent = true;
            }

            KeyPart<T2> part2 = shape._part2;
            _length2 = part2.FixedLength >= 0 ? part2.FixedLength : part2.Measure(_value2, out _plan2);
            total = layout.Add(total, _length2, 2, ref anyPresent, shape._part2.Name);

            KeyPart<T3> part3 = shape._part3;
            _length3 = part3.FixedLength >= 0 ? part3.FixedLength : part3.Measure(_value3, out _plan3);
            total = layout.Add(total, _length3, 3, ref anyPresent, shape._part3.Name);

            KeyPart<T4> part4 = shape._part4;
            _length4 = part4.FixedLength >= 0 ? part4.FixedLength : part4.Measure(_value4, out _plan4);
            total = layout.Add(total, _length4, 4, ref anyPresent, shape._part4.Name);

            if (total > KeyLayout.MaxKeyLength)
            {
                Internal.ThrowHelper.ThrowKeyTooLong(shape._part1.Name);
            }

            return (int)total;
        }

        public int Write(Span<char> destination)
        {
            KeyShape<T1, T2, T3, T4> shape = _shape;
            KeyLayout layout = shape._layout;
            int position = KeyLayout.WriteLiteral(layout.Prefix, destination, 0);
            bool anyPresent = layout.KeepsLabels;
            if (_length1 >= 0)
            {
                shape._part1.Write(_value1, _plan1, destination.Slice(position, _length1));
                position += _length1;
                anyPresent = true;
            }

            if (_length2 >= 0)
            {
                position = layout.WriteGap(2, anyPresent, destination, position);
                shape._part2.Write(_value2, _plan2, destination.Slice(position, _length2));
                position += _length2;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(2, destination, position);
            }

            if (_length3 >= 0)
            {
                position = layout.WriteGap(3, anyPresent, destination, position);
                shape._part3.Write(_value3, _plan3, destination.Slice(position, _length3));
                position += _length3;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(3, destination, position);
            }

            if (_length4 >= 0)
            {
                position = layout.WriteGap(4, anyPresent, destination, position);
                shape._part4.Write(_value4, _plan4, destination.Slice(position, _length4));
                position += _length4;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(4, destination, position);
            }

            return KeyLayout.WriteLiteral(layout.Suffix, destination, position);
        }
    }
}

/// <summary>
/// A key shape of 5 parts, created by <see cref="KeyShape"/>. <see cref="Build"/> measures every part, allocates the
/// key once at its exact length and writes the parts straight into it: the returned string is the only allocation.
/// Immutable and thread-safe.
/// </summary>
/// <typeparam name="T1">The type of part 1's value.</typeparam>
/// <typeparam name="T2">The type of part 2's value.</typeparam>
/// <typeparam name="T3">The type of part 3's value.</typeparam>
/// <typeparam name="T4">The type of part 4's value.</typeparam>
/// <typeparam name="T5">The type of part 5's value.</typeparam>
public sealed class KeyShape<T1, T2, T3, T4, T5>
{
    private readonly KeyLayout _layout;
    private readonly System.Buffers.SpanAction<char, Composer> _write = KeyWriteAction<Composer>.Instance;
    private readonly KeyPart<T1> _part1;
    private readonly KeyPart<T2> _part2;
    private readonly KeyPart<T3> _part3;
    private readonly KeyPart<T4> _part4;
    private readonly KeyPart<T5> _part5;

    internal KeyShape(KeyLayout layout, KeyPart<T1> part1, KeyPart<T2> part2, KeyPart<T3> part3, KeyPart<T4> part4, KeyPart<T5> part5)
    {
        _layout = layout;
        _part1 = part1;
        _part2 = part2;
        _part3 = part3;
        _part4 = part4;
        _part5 = part5;
    }

    /// <summary>Builds the key for these values.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="value4">The value of part 4.</param>
    /// <param name="value5">The value of part 5.</param>
    /// <returns>The key; the only allocation.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public string Build(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5)
    {
        var composer = new Composer(this, value1, value2, value3, value4, value5);
        return KeyStringFactory.Create(composer.Measure(), composer, _write);
    }

    /// <summary>Writes the key into <paramref name="destination"/> instead of a new string; nothing is allocated.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="value4">The value of part 4.</param>
    /// <param name="value5">The value of part 5.</param>
    /// <param name="destination">Receives the key.</param>
    /// <param name="charsWritten">The key's length; 0 when it does not fit.</param>
    /// <returns>False, with nothing written, when <paramref name="destination"/> is shorter than the key.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public bool TryFormat(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5, Span<char> destination, out int charsWritten)
    {
        var composer = new Composer(this, value1, value2, value3, value4, value5);
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
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="value4">The value of part 4.</param>
    /// <param name="value5">The value of part 5.</param>
    /// <param name="destination">Receives the UTF-8 bytes.</param>
    /// <param name="bytesWritten">The number of bytes written; 0 when they do not fit.</param>
    /// <returns>False when <paramref name="destination"/> is too small; it may then hold partial output.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public bool TryFormatUtf8(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5, Span<byte> destination, out int bytesWritten)
    {
        var composer = new Composer(this, value1, value2, value3, value4, value5);
        return KeyUtf8.TryWrite(ref composer, composer.Measure(), destination, out bytesWritten);
    }

    /// <summary>Writes the key as UTF-8 (byte-identical to <c>Encoding.UTF8.GetBytes(Build(...))</c>) into
    /// <paramref name="writer"/>, asking it for exactly the bytes needed; nothing else is allocated.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="value4">The value of part 4.</param>
    /// <param name="value5">The value of part 5.</param>
    /// <param name="writer">Receives the bytes; advanced by the returned count.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="writer"/> is null.</exception>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public int WriteUtf8(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5, System.Buffers.IBufferWriter<byte> writer)
    {
        if (writer is null)
        {
            Internal.ThrowHelper.ThrowArgumentNull(nameof(writer));
        }

        var composer = new Composer(this, value1, value2, value3, value4, value5);
        return KeyUtf8.Write(ref composer, composer.Measure(), writer);
    }

    /// <summary>The key's length, for a shape used as a part of a larger one (<see cref="KeyPart.Shape{T1}(string, KeyShape{T1})"/>).</summary>
    internal int Measure(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5) => new Composer(this, value1, value2, value3, value4, value5).Measure();

    /// <summary>Writes the key into exactly its measured length; measured again, so a change since is an exception.</summary>
    internal void WriteExactly(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5, Span<char> destination, string partName)
    {
        var composer = new Composer(this, value1, value2, value3, value4, value5);
        if (composer.Measure() != destination.Length)
        {
            KeyThrowHelper.ThrowPartChanged(partName);
        }

        composer.Write(destination);
    }

    /// <summary>Measures, then writes into <paramref name="destination"/> (at least the measured length); for the tests of measure == written.</summary>
    internal int MeasureAndWrite(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5, Span<char> destination, out int measured)
    {
        var composer = new Composer(this, value1, value2, value3, value4, value5);
        measured = composer.Measure();
        return composer.Write(destination.Slice(0, measured));
    }

    private struct Composer : IKeyComposer
    {
        private readonly KeyShape<T1, T2, T3, T4, T5> _shape;
        private readonly T1 _value1;
        private readonly T2 _value2;
        private readonly T3 _value3;
        private readonly T4 _value4;
        private readonly T5 _value5;
        private int _length1;
        private int _plan1;
        private int _length2;
        private int _plan2;
        private int _length3;
        private int _plan3;
        private int _length4;
        private int _plan4;
        private int _length5;
        private int _plan5;

        internal Composer(KeyShape<T1, T2, T3, T4, T5> shape, T1 value1, T2 value2, T3 value3, T4 value4, T5 value5)
        {
            _shape = shape;
            _value1 = value1;
            _value2 = value2;
            _value3 = value3;
            _value4 = value4;
            _value5 = value5;
            _length1 = 0;
            _plan1 = 0;
            _length2 = 0;
            _plan2 = 0;
            _length3 = 0;
            _plan3 = 0;
            _length4 = 0;
            _plan4 = 0;
            _length5 = 0;
            _plan5 = 0;
        }

        internal int Measure()
        {
            KeyShape<T1, T2, T3, T4, T5> shape = _shape;
            KeyLayout layout = shape._layout;
            long total = layout.FixedLength;
            bool anyPresent = layout.KeepsLabels;
            KeyPart<T1> part1 = shape._part1;
            _length1 = part1.FixedLength >= 0 ? part1.FixedLength : part1.Measure(_value1, out _plan1);
            if (_length1 >= 0)
            {
                total += _length1;
                anyPresent = true;
            }

            KeyPart<T2> part2 = shape._part2;
            _length2 = part2.FixedLength >= 0 ? part2.FixedLength : part2.Measure(_value2, out _plan2);
            total = layout.Add(total, _length2, 2, ref anyPresent, shape._part2.Name);

            KeyPart<T3> part3 = shape._part3;
            _length3 = part3.FixedLength >= 0 ? part3.FixedLength : part3.Measure(_value3, out _plan3);
            total = layout.Add(total, _length3, 3, ref anyPresent, shape._part3.Name);

            KeyPart<T4> part4 = shape._part4;
            _length4 = part4.FixedLength >= 0 ? part4.FixedLength : part4.Measure(_value4, out _plan4);
            total = layout.Add(total, _length4, 4, ref anyPresent, shape._part4.Name);

            KeyPart<T5> part5 = shape._part5;
            _length5 = part5.FixedLength >= 0 ? part5.FixedLength : part5.Measure(_value5, out _plan5);
            total = layout.Add(total, _length5, 5, ref anyPresent, shape._part5.Name);

            if (total > KeyLayout.MaxKeyLength)
            {
                Internal.ThrowHelper.ThrowKeyTooLong(shape._part1.Name);
            }

            return (int)total;
        }

        public int Write(Span<char> destination)
        {
            KeyShape<T1, T2, T3, T4, T5> shape = _shape;
            KeyLayout layout = shape._layout;
            int position = KeyLayout.WriteLiteral(layout.Prefix, destination, 0);
            bool anyPresent = layout.KeepsLabels;
            if (_length1 >= 0)
            {
                shape._part1.Write(_value1, _plan1, destination.Slice(position, _length1));
                position += _length1;
                anyPresent = true;
            }

            if (_length2 >= 0)
            {
                position = layout.WriteGap(2, anyPresent, destination, position);
                shape._part2.Write(_value2, _plan2, destination.Slice(position, _length2));
                position += _length2;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(2, destination, position);
            }

            if (_length3 >= 0)
            {
                position = layout.WriteGap(3, anyPresent, destination, position);
                shape._part3.Write(_value3, _plan3, destination.Slice(position, _length3));
                position += _length3;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(3, destination, position);
            }

            if (_length4 >= 0)
            {
                position = layout.WriteGap(4, anyPresent, destination, position);
                shape._part4.Write(_value4, _plan4, destination.Slice(position, _length4));
                position += _length4;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(4, destination, position);
            }

            if (_length5 >= 0)
            {
                position = layout.WriteGap(5, anyPresent, destination, position);
                shape._part5.Write(_value5, _plan5, destination.Slice(position, _length5));
                position += _length5;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(5, destination, position);
            }

            return KeyLayout.WriteLiteral(layout.Suffix, destination, position);
        }
    }
}

/// <summary>
/// A key shape of 6 parts, created by <see cref="KeyShape"/>. <see cref="Build"/> measures every part, allocates the
/// key once at its exact length and writes the parts straight into it: the returned string is the only allocation.
/// Immutable and thread-safe.
/// </summary>
/// <typeparam name="T1">The type of part 1's value.</typeparam>
/// <typeparam name="T2">The type of part 2's value.</typeparam>
/// <typeparam name="T3">The type of part 3's value.</typeparam>
/// <typeparam name="T4">The type of part 4's value.</typeparam>
/// <typeparam name="T5">The type of part 5's value.</typeparam>
/// <typeparam name="T6">The type of part 6's value.</typeparam>
public sealed class KeyShape<T1, T2, T3, T4, T5, T6>
{
    private readonly KeyLayout _layout;
    private readonly System.Buffers.SpanAction<char, Composer> _write = KeyWriteAction<Composer>.Instance;
    private readonly KeyPart<T1> _part1;
    private readonly KeyPart<T2> _part2;
    private readonly KeyPart<T3> _part3;
    private readonly KeyPart<T4> _part4;
    private readonly KeyPart<T5> _part5;
    private readonly KeyPart<T6> _part6;

    internal KeyShape(KeyLayout layout, KeyPart<T1> part1, KeyPart<T2> part2, KeyPart<T3> part3, KeyPart<T4> part4, KeyPart<T5> part5, KeyPart<T6> part6)
    {
        _layout = layout;
        _part1 = part1;
        _part2 = part2;
        _part3 = part3;
        _part4 = part4;
        _part5 = part5;
        _part6 = part6;
    }

    /// <summary>Builds the key for these values.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="value4">The value of part 4.</param>
    /// <param name="value5">The value of part 5.</param>
    /// <param name="value6">The value of part 6.</param>
    /// <returns>The key; the only allocation.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public string Build(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5, T6 value6)
    {
        var composer = new Composer(this, value1, value2, value3, value4, value5, value6);
        return KeyStringFactory.Create(composer.Measure(), composer, _write);
    }

    /// <summary>Writes the key into <paramref name="destination"/> instead of a new string; nothing is allocated.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="value4">The value of part 4.</param>
    /// <param name="value5">The value of part 5.</param>
    /// <param name="value6">The value of part 6.</param>
    /// <param name="destination">Receives the key.</param>
    /// <param name="charsWritten">The key's length; 0 when it does not fit.</param>
    /// <returns>False, with nothing written, when <paramref name="destination"/> is shorter than the key.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public bool TryFormat(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5, T6 value6, Span<char> destination, out int charsWritten)
    {
        var composer = new Composer(this, value1, value2, value3, value4, value5, value6);
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
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="value4">The value of part 4.</param>
    /// <param name="value5">The value of part 5.</param>
    /// <param name="value6">The value of part 6.</param>
    /// <param name="destination">Receives the UTF-8 bytes.</param>
    /// <param name="bytesWritten">The number of bytes written; 0 when they do not fit.</param>
    /// <returns>False when <paramref name="destination"/> is too small; it may then hold partial output.</returns>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public bool TryFormatUtf8(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5, T6 value6, Span<byte> destination, out int bytesWritten)
    {
        var composer = new Composer(this, value1, value2, value3, value4, value5, value6);
        return KeyUtf8.TryWrite(ref composer, composer.Measure(), destination, out bytesWritten);
    }

    /// <summary>Writes the key as UTF-8 (byte-identical to <c>Encoding.UTF8.GetBytes(Build(...))</c>) into
    /// <paramref name="writer"/>, asking it for exactly the bytes needed; nothing else is allocated.</summary>
    /// <param name="value1">The value of part 1.</param>
    /// <param name="value2">The value of part 2.</param>
    /// <param name="value3">The value of part 3.</param>
    /// <param name="value4">The value of part 4.</param>
    /// <param name="value5">The value of part 5.</param>
    /// <param name="value6">The value of part 6.</param>
    /// <param name="writer">Receives the bytes; advanced by the returned count.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="writer"/> is null.</exception>
    /// <exception cref="ArgumentException">A strict part is invalid, or the key would be too long (the exception names the part).</exception>
    /// <exception cref="InvalidOperationException">A part's text changed between measuring and writing (caller memory written
    /// to meanwhile), or a <see cref="CustomKeyPart{T}"/>'s steps disagree (the message names the part).</exception>
    public int WriteUtf8(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5, T6 value6, System.Buffers.IBufferWriter<byte> writer)
    {
        if (writer is null)
        {
            Internal.ThrowHelper.ThrowArgumentNull(nameof(writer));
        }

        var composer = new Composer(this, value1, value2, value3, value4, value5, value6);
        return KeyUtf8.Write(ref composer, composer.Measure(), writer);
    }

    /// <summary>The key's length, for a shape used as a part of a larger one (<see cref="KeyPart.Shape{T1}(string, KeyShape{T1})"/>).</summary>
    internal int Measure(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5, T6 value6) => new Composer(this, value1, value2, value3, value4, value5, value6).Measure();

    /// <summary>Writes the key into exactly its measured length; measured again, so a change since is an exception.</summary>
    internal void WriteExactly(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5, T6 value6, Span<char> destination, string partName)
    {
        var composer = new Composer(this, value1, value2, value3, value4, value5, value6);
        if (composer.Measure() != destination.Length)
        {
            KeyThrowHelper.ThrowPartChanged(partName);
        }

        composer.Write(destination);
    }

    /// <summary>Measures, then writes into <paramref name="destination"/> (at least the measured length); for the tests of measure == written.</summary>
    internal int MeasureAndWrite(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5, T6 value6, Span<char> destination, out int measured)
    {
        var composer = new Composer(this, value1, value2, value3, value4, value5, value6);
        measured = composer.Measure();
        return composer.Write(destination.Slice(0, measured));
    }

    private struct Composer : IKeyComposer
    {
        private readonly KeyShape<T1, T2, T3, T4, T5, T6> _shape;
        private readonly T1 _value1;
        private readonly T2 _value2;
        private readonly T3 _value3;
        private readonly T4 _value4;
        private readonly T5 _value5;
        private readonly T6 _value6;
        private int _length1;
        private int _plan1;
        private int _length2;
        private int _plan2;
        private int _length3;
        private int _plan3;
        private int _length4;
        private int _plan4;
        private int _length5;
        private int _plan5;
        private int _length6;
        private int _plan6;

        internal Composer(KeyShape<T1, T2, T3, T4, T5, T6> shape, T1 value1, T2 value2, T3 value3, T4 value4, T5 value5, T6 value6)
        {
            _shape = shape;
            _value1 = value1;
            _value2 = value2;
            _value3 = value3;
            _value4 = value4;
            _value5 = value5;
            _value6 = value6;
            _length1 = 0;
            _plan1 = 0;
            _length2 = 0;
            _plan2 = 0;
            _length3 = 0;
            _plan3 = 0;
            _length4 = 0;
            _plan4 = 0;
            _length5 = 0;
            _plan5 = 0;
            _length6 = 0;
            _plan6 = 0;
        }

        internal int Measure()
        {
            KeyShape<T1, T2, T3, T4, T5, T6> shape = _shape;
            KeyLayout layout = shape._layout;
            long total = layout.FixedLength;
            bool anyPresent = layout.KeepsLabels;
            KeyPart<T1> part1 = shape._part1;
            _length1 = part1.FixedLength >= 0 ? part1.FixedLength : part1.Measure(_value1, out _plan1);
            if (_length1 >= 0)
            {
                total += _length1;
                anyPresent = true;
            }

            KeyPart<T2> part2 = shape._part2;
            _length2 = part2.FixedLength >= 0 ? part2.FixedLength : part2.Measure(_value2, out _plan2);
            total = layout.Add(total, _length2, 2, ref anyPresent, shape._part2.Name);

            KeyPart<T3> part3 = shape._part3;
            _length3 = part3.FixedLength >= 0 ? part3.FixedLength : part3.Measure(_value3, out _plan3);
            total = layout.Add(total, _length3, 3, ref anyPresent, shape._part3.Name);

            KeyPart<T4> part4 = shape._part4;
            _length4 = part4.FixedLength >= 0 ? part4.FixedLength : part4.Measure(_value4, out _plan4);
            total = layout.Add(total, _length4, 4, ref anyPresent, shape._part4.Name);

            KeyPart<T5> part5 = shape._part5;
            _length5 = part5.FixedLength >= 0 ? part5.FixedLength : part5.Measure(_value5, out _plan5);
            total = layout.Add(total, _length5, 5, ref anyPresent, shape._part5.Name);

            KeyPart<T6> part6 = shape._part6;
            _length6 = part6.FixedLength >= 0 ? part6.FixedLength : part6.Measure(_value6, out _plan6);
            total = layout.Add(total, _length6, 6, ref anyPresent, shape._part6.Name);

            if (total > KeyLayout.MaxKeyLength)
            {
                Internal.ThrowHelper.ThrowKeyTooLong(shape._part1.Name);
            }

            return (int)total;
        }

        public int Write(Span<char> destination)
        {
            KeyShape<T1, T2, T3, T4, T5, T6> shape = _shape;
            KeyLayout layout = shape._layout;
            int position = KeyLayout.WriteLiteral(layout.Prefix, destination, 0);
            bool anyPresent = layout.KeepsLabels;
            if (_length1 >= 0)
            {
                shape._part1.Write(_value1, _plan1, destination.Slice(position, _length1));
                position += _length1;
                anyPresent = true;
            }

            if (_length2 >= 0)
            {
                position = layout.WriteGap(2, anyPresent, destination, position);
                shape._part2.Write(_value2, _plan2, destination.Slice(position, _length2));
                position += _length2;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(2, destination, position);
            }

            if (_length3 >= 0)
            {
                position = layout.WriteGap(3, anyPresent, destination, position);
                shape._part3.Write(_value3, _plan3, destination.Slice(position, _length3));
                position += _length3;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(3, destination, position);
            }

            if (_length4 >= 0)
            {
                position = layout.WriteGap(4, anyPresent, destination, position);
                shape._part4.Write(_value4, _plan4, destination.Slice(position, _length4));
                position += _length4;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(4, destination, position);
            }

            if (_length5 >= 0)
            {
                position = layout.WriteGap(5, anyPresent, destination, position);
                shape._part5.Write(_value5, _plan5, destination.Slice(position, _length5));
                position += _length5;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(5, destination, position);
            }

            if (_length6 >= 0)
            {
                position = layout.WriteGap(6, anyPresent, destination, position);
                shape._part6.Write(_value6, _plan6, destination.Slice(position, _length6));
                position += _length6;
                anyPresent = true;
            }

            else
            {
                position = layout.WriteLabelOfAbsent(6, destination, position);
            }

            return KeyLayout.WriteLiteral(layout.Suffix, destination, position);
        }
    }
}
