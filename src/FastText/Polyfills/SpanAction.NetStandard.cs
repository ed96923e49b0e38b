namespace System.Buffers;

/// <summary>netstandard2.0 lacks string.Create's callback type; the key shapes hold one on both targets, only net8.0 invokes it.</summary>
internal delegate void SpanAction<T, in TArg>(Span<T> span, TArg arg);
