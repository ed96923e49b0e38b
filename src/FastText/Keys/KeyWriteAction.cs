using System;
using System.Buffers;
using System.Diagnostics;

namespace FastText;

/// <summary>
/// The one cached delegate string.Create calls for a composer type. Shapes copy it into an instance field: with
/// reference-type parts the shape's code is shared across instantiations, and reading a generic static from shared code
/// costs a runtime lookup on every build, where an instance field is a single load.
/// </summary>
internal static class KeyWriteAction<TComposer>
    where TComposer : struct, IKeyComposer
{
    // A lambda, not a static method group: the compiler binds it to a cached closure instance, and instance-bound
    // delegates invoke without the argument-shuffling thunk a static method needs.
    internal static readonly SpanAction<char, TComposer> Instance = (destination, composer) =>
    {
        int written = composer.Write(destination);
        Debug.Assert(written == destination.Length, "A key part wrote a different length than it measured.");
    };
}
