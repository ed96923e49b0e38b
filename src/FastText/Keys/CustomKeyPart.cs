using System;
using FastText.Internal;

namespace FastText;

/// <summary>
/// The base class for a key part type of your own: a measure step that returns the exact number of chars a value is
/// written with, and a write step that writes them. A shape measures every part, allocates the key at the total
/// length and then writes each part into a span of exactly its measured length, so the two steps must agree. They
/// are checked on every build: a negative or too large measure, or a write that reports another length, throws
/// <see cref="InvalidOperationException"/> naming the part, and the key is never returned. The write step cannot write
/// outside its span. Derived parts must be immutable (shapes are shared across threads).
/// </summary>
/// <example>
/// <code>
/// sealed class HexColorPart : CustomKeyPart&lt;System.Drawing.Color&gt;
/// {
///     public HexColorPart(string name) : base(name) { }
///     protected override int MeasureValue(System.Drawing.Color value) => 7;
///     protected override int WriteValue(System.Drawing.Color value, Span&lt;char&gt; destination)
///     {
///         destination[0] = '#';
///         value.R.TryFormat(destination.Slice(1), out _, "x2");
///         value.G.TryFormat(destination.Slice(3), out _, "x2");
///         value.B.TryFormat(destination.Slice(5), out _, "x2");
///         return 7;
///     }
/// }
/// </code>
/// </example>
/// <typeparam name="T">The type of value the part formats.</typeparam>
public abstract class CustomKeyPart<T> : KeyPart<T>
{
    /// <summary>Creates the part.</summary>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <exception cref="ArgumentNullException"><paramref name="name"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="name"/> is empty.</exception>
    protected CustomKeyPart(string name)
        : base(name)
    {
    }

    /// <summary>The exact number of chars <see cref="WriteValue"/> writes for <paramref name="value"/>.</summary>
    /// <param name="value">The value.</param>
    /// <returns>The length, 0 or more.</returns>
    protected abstract int MeasureValue(T value);

    /// <summary>Writes <paramref name="value"/>.</summary>
    /// <param name="value">The value, the same one <see cref="MeasureValue"/> was given.</param>
    /// <param name="destination">Exactly as many chars as <see cref="MeasureValue"/> returned, cleared.</param>
    /// <returns>The number of chars written; anything but <paramref name="destination"/>'s length fails the build.</returns>
    protected abstract int WriteValue(T value, Span<char> destination);

    internal sealed override int Measure(T value, out int plan)
    {
        plan = 0;
        int length = MeasureValue(value);
        if ((uint)length > KeyLayout.MaxKeyLength)
        {
            KeyThrowHelper.ThrowPartMeasuredOutOfRange(Name, length);
        }

        return length;
    }

    internal sealed override void Write(T value, int plan, Span<char> destination)
    {
        // Cleared so a write step that skips chars yet reports the full length leaks no earlier content of a pooled
        // or reused buffer into the key.
        destination.Clear();
        int written = WriteValue(value, destination);
        if (written != destination.Length)
        {
            KeyThrowHelper.ThrowPartWroteOtherLength(Name, destination.Length, written);
        }
    }
}
