using System.Collections.Generic;

namespace FastText.Generate;

/// <summary>
/// The template of the two TextWriters over the builders' pooled storage: <c>ValueStringWriter</c> (UTF-16, over
/// <c>ValueStringBuilder</c>) and <c>Utf8ValueStringWriter</c> (UTF-8, over <c>Utf8ValueStringBuilder</c>). Every
/// write resumes a builder over the writer's array, appends, and suspends it back, so both writers have the same
/// overrides, the same misuse checks and the same disposal; what differs is named in <see cref="WriterKind"/>.
/// </summary>
internal static class TextWriterTemplate
{
    private const string Template = "eng/Generate/TextWriterTemplate.cs";

    /// <summary>
    /// One writer. <c>Unit</c> is the element of its array (<c>char</c>, <c>byte</c>); <c>PendingHigh</c> whether
    /// its builder carries a high surrogate from one append to the next (UTF-8 writes one as U+FFFD until the next
    /// char), which the writer then keeps between writes too; <c>Encoding</c> what <c>TextWriter.Encoding</c> reports;
    /// <c>Accessors</c> how the text is read (chars, or bytes and their decoding).
    /// </summary>
    private sealed record WriterKind(
        string Name,
        string Builder,
        string Unit,
        bool PendingHigh,
        bool InPlace,
        string Summary,
        string Remarks,
        string Encoding,
        string EncodingDoc,
        string Accessors);

    private static readonly WriterKind Utf16 = new(
        Name: "ValueStringWriter",
        Builder: "ValueStringBuilder",
        Unit: "char",
        PendingHigh: false,
        InPlace: true,
        Summary: """
            /// A <see cref="TextWriter"/> over <see cref="ValueStringBuilder"/>'s pooled storage: what <see cref="StringWriter"/>
            /// is to <see cref="StringBuilder"/>, for APIs that write into a <see cref="TextWriter"/>. The text goes into an array
            /// rented (and grown, and given back) as a <see cref="ValueStringBuilder"/> rents its own, values are formatted in
            /// place as the builder formats them, and <see cref="Dispose(bool)"/> returns the array: the only allocations are
            /// the writer and the string <see cref="ToString"/> returns.
            """,
        Remarks: """
            /// <para>The text is that of a <see cref="StringWriter"/> given the same writes, with the same
            /// <see cref="TextWriter.FormatProvider"/> and <see cref="TextWriter.NewLine"/>. Differences: after
            /// <see cref="TextWriter.Dispose()"/> the text is gone (the array went back to the pool), so <see cref="ToString"/>,
            /// <see cref="AsSpan"/> and <see cref="Length"/> throw <see cref="ObjectDisposedException"/> as the writes do;
            /// and a write made from inside another write of the same writer (a value's <c>ToString</c> that writes to it)
            /// throws <see cref="InvalidOperationException"/>, where StringWriter would insert the text.</para>
            /// <para>Dispose it (<c>using</c>), once or more; an undisposed writer leaves its array to the garbage collector.
            /// Not thread-safe, as StringWriter is not; the asynchronous methods write synchronously and return a completed
            /// task.</para>
            """,
        Encoding: "new UnicodeEncoding(bigEndian: false, byteOrderMark: false)",
        EncodingDoc: "UTF-16 (little-endian, no byte order mark), as <see cref=\"StringWriter\"/> reports.",
        Accessors: """
                /// <summary>The chars written so far.</summary>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                /// <exception cref="InvalidOperationException">Read from inside one of the writer's own writes.</exception>
                public int Length
                {
                    get
                    {
                        ThrowIfUnreadable();
                        return _length;
                    }
                }

                /// <summary>The text written so far, valid until the next write, <see cref="Clear"/> or dispose.</summary>
                /// <returns>A span over the text.</returns>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                /// <exception cref="InvalidOperationException">Read from inside one of the writer's own writes.</exception>
                public ReadOnlySpan<char> AsSpan()
                {
                    ThrowIfUnreadable();
                    return _rented is null ? default : new ReadOnlySpan<char>(_rented, 0, _length);
                }

                /// <summary>The text written so far as a new string (the only allocation). The writer stays usable.</summary>
                /// <returns>The text.</returns>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                /// <exception cref="InvalidOperationException">Read from inside one of the writer's own writes.</exception>
                public override string ToString()
                {
                    ThrowIfUnreadable();
                    return _rented is null ? string.Empty : new string(_rented, 0, _length);
                }

                /// <summary>Forgets the text written so far and keeps the array for the next writes.</summary>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                /// <exception cref="InvalidOperationException">Called from inside one of the writer's own writes.</exception>
                public void Clear()
                {
                    ThrowIfUnreadable();
                    _length = 0;
                }
            """);

    private static readonly WriterKind Utf8 = new(
        Name: "Utf8ValueStringWriter",
        Builder: "Utf8ValueStringBuilder",
        Unit: "byte",
        PendingHigh: true,
        InPlace: false,
        Summary: """
            /// A <see cref="TextWriter"/> that encodes what is written as UTF-8 into <see cref="Utf8ValueStringBuilder"/>'s
            /// pooled storage, for APIs that write into a <see cref="TextWriter"/> when UTF-8 bytes are what you need. The
            /// bytes go into an array rented (and grown, and given back) as a <see cref="Utf8ValueStringBuilder"/> rents its
            /// own, values are formatted in place as the builder formats them, and <see cref="Dispose(bool)"/> returns the
            /// array: the only allocations are the writer and what <see cref="ToArray"/> or <see cref="ToString"/> return.
            """,
        Remarks: """
            /// <para>The bytes are <c>Encoding.UTF8.GetBytes</c> of the text a <see cref="StringWriter"/> would hold after
            /// the same writes (with the same <see cref="TextWriter.FormatProvider"/> and <see cref="TextWriter.NewLine"/>):
            /// a surrogate pair written in two writes is encoded as one character, and a lone surrogate as U+FFFD. A high
            /// surrogate at the end of the text reads as U+FFFD until the next write (its low surrogate then replaces it);
            /// <see cref="TextWriter.Flush()"/> does not change that. After <see cref="TextWriter.Dispose()"/> the bytes are
            /// gone (the array went back to the pool), so reading them throws <see cref="ObjectDisposedException"/> as the
            /// writes do; a write made from inside another write of the same writer (a value's <c>ToString</c> that writes
            /// to it) throws <see cref="InvalidOperationException"/>.</para>
            /// <para>Dispose it (<c>using</c>), once or more; an undisposed writer leaves its array to the garbage collector.
            /// Not thread-safe; the asynchronous methods write synchronously and return a completed task.</para>
            """,
        Encoding: "new UTF8Encoding(encoderShouldEmitUTF8Identifier: false)",
        EncodingDoc: "UTF-8 without a byte order mark.",
        Accessors: """
                /// <summary>The bytes written so far.</summary>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                /// <exception cref="InvalidOperationException">Read from inside one of the writer's own writes.</exception>
                public int Length
                {
                    get
                    {
                        ThrowIfUnreadable();
                        return _length;
                    }
                }

                /// <summary>The UTF-8 bytes written so far, valid until the next write, <see cref="Clear"/> or dispose.</summary>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                /// <exception cref="InvalidOperationException">Read from inside one of the writer's own writes.</exception>
                public ReadOnlySpan<byte> WrittenSpan
                {
                    get
                    {
                        ThrowIfUnreadable();
                        return _rented is null ? default : new ReadOnlySpan<byte>(_rented, 0, _length);
                    }
                }

                /// <summary>Copies the bytes written so far to <paramref name="destination"/> when they all fit.</summary>
                /// <param name="destination">Receives the bytes.</param>
                /// <param name="bytesWritten">The number of bytes copied: <see cref="Length"/>, or 0 when they did not fit.</param>
                /// <returns><see langword="true"/> when everything was copied; <see langword="false"/> (nothing written) otherwise.</returns>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                /// <exception cref="InvalidOperationException">Called from inside one of the writer's own writes.</exception>
                public bool TryCopyTo(Span<byte> destination, out int bytesWritten)
                {
                    if (WrittenSpan.TryCopyTo(destination))
                    {
                        bytesWritten = _length;
                        return true;
                    }

                    bytesWritten = 0;
                    return false;
                }

                /// <summary>The bytes written so far as a new array (the only allocation). The writer stays usable.</summary>
                /// <returns>A copy of the bytes.</returns>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                /// <exception cref="InvalidOperationException">Called from inside one of the writer's own writes.</exception>
                public byte[] ToArray() => WrittenSpan.ToArray();

                /// <summary>The bytes written so far decoded as a string (the only allocation). The writer stays usable.</summary>
                /// <returns>The text.</returns>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                /// <exception cref="InvalidOperationException">Called from inside one of the writer's own writes.</exception>
                public override string ToString() => TsvText.Decode(WrittenSpan);

                /// <summary>Forgets the bytes written so far and keeps the array for the next writes.</summary>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                /// <exception cref="InvalidOperationException">Called from inside one of the writer's own writes.</exception>
                public void Clear()
                {
                    ThrowIfUnreadable();
                    _length = 0;
                    _pendingHigh = '\0';
                }
            """);

    internal static IEnumerable<GeneratedFile> Files()
    {
        foreach (WriterKind kind in new[] { Utf16, Utf8 })
        {
            yield return new GeneratedFile($"src/FastText/Building/{kind.Name}.cs", Template, Class(kind));
            yield return new GeneratedFile($"src/FastText/Building/{kind.Name}.Net8.cs", Template, Net8(kind));
        }
    }

    private static string Class(WriterKind k)
    {
        string pendingField = k.PendingHigh ? "\n    private char _pendingHigh;" : "";
        string resumeArguments = k.PendingHigh ? "_rented, _stamp, _length, _pendingHigh, _pool" : "_rented, _stamp, _length, _pool";
        string suspendArguments = k.PendingHigh ? $"out {k.Unit}[]? rented, out _stamp, out _pendingHigh" : $"out {k.Unit}[]? rented, out _stamp";
        string releaseReset = k.PendingHigh ? "\n        _pendingHigh = '\\0';" : "";
        return $$"""
            using System;
            using System.Buffers;
            using System.IO;
            using System.Runtime.CompilerServices;
            using System.Text;
            using System.Threading.Tasks;
            using FastText.Internal;

            namespace FastText;

            /// <summary>
            {{k.Summary}}
            /// </summary>
            /// <remarks>
            {{k.Remarks}}
            /// </remarks>
            public sealed partial class {{k.Name}} : TextWriter
            {
                private const string NestedWriteMessage =
                    "The {{k.Name}} was used from inside one of its own writes (a value's ToString or a custom formatter "
                    + "writing to it, or another thread); nothing was changed.";

                private static readonly Encoding s_encoding = {{k.Encoding}};

                private readonly ArrayPool<{{k.Unit}}>? _pool;

                // The suspended builder (see {{k.Builder}}.Suspended.cs): its array, stamp and length between writes.
                private {{k.Unit}}[]? _rented;
                private long _stamp;
                private int _length;{{pendingField}}

                // True while a builder is resumed from the fields above: a second one would share the array, and whichever
                // suspended last would overwrite the other's state.
                private bool _writing;
                private bool _disposed;

                /// <summary>Starts empty, formatting with the current culture.</summary>
                public {{k.Name}}()
                    : this(null, null)
                {
                }

                /// <summary>Starts empty, formatting numbers and composite formats with <paramref name="formatProvider"/>, as
                /// <c>StringWriter(IFormatProvider)</c> does.</summary>
                /// <param name="formatProvider">The culture or custom formatter, or <see langword="null"/> for the current culture.</param>
                public {{k.Name}}(IFormatProvider? formatProvider)
                    : this(formatProvider, null)
                {
                }

                /// <summary>The test hook: the same as the public constructor, renting from <paramref name="pool"/>.</summary>
                internal {{k.Name}}(IFormatProvider? formatProvider, ArrayPool<{{k.Unit}}>? pool)
                    : base(formatProvider)
                {
                    _pool = pool;
                }

                /// <summary>{{k.EncodingDoc}}</summary>
                public override Encoding Encoding => s_encoding;

            {{k.Accessors}}

                /// <summary>Writes a char.</summary>
                /// <param name="value">The char.</param>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override void Write(char value)
                {{{InPlace(k, "value", 8)}}
                    {{k.Builder}} builder = Resume();
                    try
                    {
                        builder.Append(value);
                    }
                    finally
                    {
                        Suspend(ref builder);
                    }
                }

                /// <summary>Writes the chars of <paramref name="buffer"/>; <see langword="null"/> writes nothing.</summary>
                /// <param name="buffer">The chars.</param>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override void Write(char[]? buffer)
                {{{InPlace(k, "buffer.AsSpan()", 8)}}
                    {{k.Builder}} builder = Resume();
                    try
                    {
                        builder.Append(buffer.AsSpan());
                    }
                    finally
                    {
                        Suspend(ref builder);
                    }
                }

                /// <summary>Writes <paramref name="count"/> chars of <paramref name="buffer"/> from <paramref name="index"/>.</summary>
                /// <param name="buffer">The chars.</param>
                /// <param name="index">The first char to write.</param>
                /// <param name="count">How many chars to write.</param>
                /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is <see langword="null"/>.</exception>
                /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is negative.</exception>
                /// <exception cref="ArgumentException">The range is not within <paramref name="buffer"/>.</exception>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override void Write(char[] buffer, int index, int count)
                {
                    ValidateRange(buffer, index, count);
                    {{k.Builder}} builder = Resume();
                    try
                    {
                        builder.Append(new ReadOnlySpan<char>(buffer, index, count));
                    }
                    finally
                    {
                        Suspend(ref builder);
                    }
                }

                /// <summary>Writes a string; <see langword="null"/> writes nothing.</summary>
                /// <param name="value">The string.</param>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override void Write(string? value)
                {{{InPlace(k, "value.AsSpan()", 8)}}
                    {{k.Builder}} builder = Resume();
                    try
                    {
                        builder.Append(value);
                    }
                    finally
                    {
                        Suspend(ref builder);
                    }
                }

                /// <summary>Writes <c>True</c> or <c>False</c>.</summary>
                /// <param name="value">The value.</param>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override void Write(bool value)
                {
                    {{k.Builder}} builder = Resume();
                    try
                    {
                        builder.Append(value);
                    }
                    finally
                    {
                        Suspend(ref builder);
                    }
                }

            {{Value(k, "int")}}

            {{Value(k, "uint")}}

            {{Value(k, "long")}}

            {{Value(k, "ulong")}}

            {{Value(k, "float")}}

            {{Value(k, "double")}}

            {{Value(k, "decimal")}}

                /// <summary>
                /// Writes a value as <see cref="TextWriter.Write(object)"/> does (an <see cref="IFormattable"/> with the writer's
                /// format provider; <see langword="null"/> writes nothing), formatting it in place where it can.
                /// </summary>
                /// <param name="value">The value.</param>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override void Write(object? value)
                {
                    {{k.Builder}} builder = Resume();
                    try
                    {
                        builder.Append(value, null, FormatProvider);
                    }
                    finally
                    {
                        Suspend(ref builder);
                    }
                }

            {{Formatted(k, 1)}}

            {{Formatted(k, 2)}}

            {{Formatted(k, 3)}}

                /// <summary>Writes a composite format, as <c>string.Format(FormatProvider, format, arg)</c> writes it.</summary>
                /// <param name="format">A composite format string.</param>
                /// <param name="arg">The arguments.</param>
                /// <exception cref="ArgumentNullException"><paramref name="format"/> or <paramref name="arg"/> is <see langword="null"/>.</exception>
                /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments; nothing is written.</exception>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override void Write(string format, params object?[] arg)
                {
                    {{k.Builder}} builder = Resume();
                    try
                    {
                        builder.AppendFormat(FormatProvider, format, arg);
                    }
                    finally
                    {
                        Suspend(ref builder);
                    }
                }

                /// <summary>Writes a string and then <see cref="TextWriter.NewLine"/>.</summary>
                /// <param name="value">The string; <see langword="null"/> writes only the line end.</param>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override void WriteLine(string? value)
                {
                    {{k.Builder}} builder = Resume();
                    try
                    {
                        builder.Append(value);
                        builder.Append(CoreNewLine.AsSpan());
                    }
                    finally
                    {
                        Suspend(ref builder);
                    }
                }

                /// <summary>Writes a char; returns a completed task.</summary>
                /// <param name="value">The char.</param>
                /// <returns>A completed task.</returns>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override Task WriteAsync(char value)
                {
                    Write(value);
                    return Task.CompletedTask;
                }

                /// <summary>Writes a string; returns a completed task.</summary>
                /// <param name="value">The string; <see langword="null"/> writes nothing.</param>
                /// <returns>A completed task.</returns>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override Task WriteAsync(string? value)
                {
                    Write(value);
                    return Task.CompletedTask;
                }

                /// <summary>Writes <paramref name="count"/> chars of <paramref name="buffer"/> from <paramref name="index"/>; returns a completed task.</summary>
                /// <param name="buffer">The chars.</param>
                /// <param name="index">The first char to write.</param>
                /// <param name="count">How many chars to write.</param>
                /// <returns>A completed task.</returns>
                /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is <see langword="null"/>.</exception>
                /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is negative.</exception>
                /// <exception cref="ArgumentException">The range is not within <paramref name="buffer"/>.</exception>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override Task WriteAsync(char[] buffer, int index, int count)
                {
                    Write(buffer, index, count);
                    return Task.CompletedTask;
                }

                /// <summary>Writes a char and then <see cref="TextWriter.NewLine"/>; returns a completed task.</summary>
                /// <param name="value">The char.</param>
                /// <returns>A completed task.</returns>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override Task WriteLineAsync(char value)
                {
                    WriteLine(value);
                    return Task.CompletedTask;
                }

                /// <summary>Writes a string and then <see cref="TextWriter.NewLine"/>; returns a completed task.</summary>
                /// <param name="value">The string; <see langword="null"/> writes only the line end.</param>
                /// <returns>A completed task.</returns>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override Task WriteLineAsync(string? value)
                {
                    WriteLine(value);
                    return Task.CompletedTask;
                }

                /// <summary>Writes <paramref name="count"/> chars of <paramref name="buffer"/> from <paramref name="index"/> and
                /// then <see cref="TextWriter.NewLine"/>; returns a completed task.</summary>
                /// <param name="buffer">The chars.</param>
                /// <param name="index">The first char to write.</param>
                /// <param name="count">How many chars to write.</param>
                /// <returns>A completed task.</returns>
                /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is <see langword="null"/>.</exception>
                /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is negative.</exception>
                /// <exception cref="ArgumentException">The range is not within <paramref name="buffer"/>.</exception>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override Task WriteLineAsync(char[] buffer, int index, int count)
                {
                    WriteLine(buffer, index, count);
                    return Task.CompletedTask;
                }

                /// <summary>Writes <see cref="TextWriter.NewLine"/>; returns a completed task.</summary>
                /// <returns>A completed task.</returns>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override Task WriteLineAsync()
                {
                    WriteLine();
                    return Task.CompletedTask;
                }

                /// <summary>Does nothing (the text is already in the writer); returns a completed task.</summary>
                /// <returns>A completed task.</returns>
                public override Task FlushAsync() => Task.CompletedTask;

                /// <summary>Returns the array to the pool; the text is gone and every later write or read throws
                /// <see cref="ObjectDisposedException"/>. A second call does nothing.</summary>
                /// <param name="disposing">Whether called from <see cref="TextWriter.Dispose()"/>.</param>
                protected override void Dispose(bool disposing)
                {
                    if (!_disposed)
                    {
                        _disposed = true;

                        // Disposed from inside one of its own writes: that write's Suspend releases the array.
                        if (!_writing)
                        {
                            Release();
                        }
                    }

                    base.Dispose(disposing);
                }

                private static void ValidateRange(char[] buffer, int index, int count)
                {
                    if (buffer is null)
                    {
                        ThrowHelper.ThrowArgumentNull(nameof(buffer));
                    }

                    if (index < 0)
                    {
                        ThrowHelper.ThrowArgumentOutOfRange(nameof(index), "The index must not be negative.");
                    }

                    if (count < 0)
                    {
                        ThrowHelper.ThrowArgumentOutOfRange(nameof(count), "The count must not be negative.");
                    }

                    if (buffer.Length - index < count)
                    {
                        ThrowHelper.ThrowArgument(nameof(count), "The index and count must describe a range within the buffer.");
                    }
                }{{InPlaceMethods(k)}}

                /// <summary>A builder over this writer's array; the caller suspends it back in a <c>finally</c>.</summary>
                [MethodImpl(MethodImplOptions.AggressiveInlining)]
                private {{k.Builder}} Resume()
                {
                    if (_writing || _disposed)
                    {
                        ThrowUnavailable();
                    }

                    _writing = true;
                    return new {{k.Builder}}({{resumeArguments}});
                }

                [MethodImpl(MethodImplOptions.AggressiveInlining)]
                private void Suspend(ref {{k.Builder}} builder)
                {
                    _length = builder.Suspend({{suspendArguments}});

                    // Most writes keep the array they resumed: storing the same reference again costs a GC write barrier
                    // on every write, which was a twentieth of a short report's time.
                    if (!ReferenceEquals(rented, _rented))
                    {
                        _rented = rented;
                    }

                    _writing = false;
                    if (_disposed)
                    {
                        Release();
                    }
                }

                /// <summary>Gives the array back through a builder's Dispose and forgets it.</summary>
                private void Release()
                {
                    var builder = new {{k.Builder}}({{resumeArguments}});
                    _rented = null;
                    _stamp = 0;
                    _length = 0;{{releaseReset}}
                    builder.Dispose();
                }

                private void ThrowIfUnreadable()
                {
                    if (_writing || _disposed)
                    {
                        ThrowUnavailable();
                    }
                }

                [MethodImpl(MethodImplOptions.NoInlining)]
                private void ThrowUnavailable()
                {
                    if (_disposed)
                    {
                        ThrowHelper.ThrowObjectDisposed(nameof({{k.Name}}), "Cannot use a disposed {{k.Name}}: its array went back to the pool.");
                    }

                    ThrowHelper.ThrowInvalidOperation(NestedWriteMessage);
                }
            }

            """;
    }

    // The in-place copy at the start of a plain-text write (UTF-16 only: UTF-8 needs the builder's encoder).
    private static string InPlace(WriterKind k, string text, int indent)
    {
        if (!k.InPlace)
        {
            return "";
        }

        string pad = new(' ', indent);
        return $"\n{pad}if (TryWriteInPlace({text}))\n{pad}{{\n{pad}    return;\n{pad}}}\n";
    }

    private static string InPlaceMethods(WriterKind k) => !k.InPlace ? "" : """


            /// <summary>
            /// Copies a char straight into the array when it has room: the common write (a separator, a short word) then
            /// costs what StringWriter's does, without resuming a builder. False leaves the write to the builder's path, which
            /// also handles the first write, growth, and every misuse (a write from inside a write, a write after Dispose).
            /// </summary>
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            private bool TryWriteInPlace(char value)
            {
                char[]? rented = _rented;
                if (_writing || _disposed || rented is null)
                {
                    return false;
                }

                // The array's tail holds its ownership stamp: only the builder's writable part takes text.
                Span<char> free = BuilderMemory<char>.Writable(rented);
                int length = _length;
                if ((uint)length >= (uint)free.Length)
                {
                    return false;
                }

                free[length] = value;
                _length = length + 1;
                return true;
            }

            /// <summary><see cref="TryWriteInPlace(char)"/> for a run of chars.</summary>
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            private bool TryWriteInPlace(ReadOnlySpan<char> text)
            {
                char[]? rented = _rented;
                if (_writing || _disposed || rented is null)
                {
                    return false;
                }

                Span<char> free = BuilderMemory<char>.Writable(rented);
                int length = _length;
                if ((uint)length > (uint)free.Length || text.Length > free.Length - length)
                {
                    return false;
                }

                text.CopyTo(free.Slice(length));
                _length = length + text.Length;
                return true;
            }
        """;

    private static string Net8(WriterKind k) => $$"""
        using System;
        using System.IO;
        using System.Text;
        using System.Threading;
        using System.Threading.Tasks;

        namespace FastText;

        // net8.0: the TextWriter members netstandard2.0's TextWriter does not have (spans, memory, cancellation), written
        // synchronously as StringWriter writes them.
        public sealed partial class {{k.Name}}
        {
            /// <summary>Writes chars.</summary>
            /// <param name="buffer">The chars.</param>
            /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
            public override void Write(ReadOnlySpan<char> buffer)
            {{{InPlace(k, "buffer", 8)}}
                {{k.Builder}} builder = Resume();
                try
                {
                    builder.Append(buffer);
                }
                finally
                {
                    Suspend(ref builder);
                }
            }

            /// <summary>Writes chars and then <see cref="TextWriter.NewLine"/>.</summary>
            /// <param name="buffer">The chars.</param>
            /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
            public override void WriteLine(ReadOnlySpan<char> buffer)
            {
                {{k.Builder}} builder = Resume();
                try
                {
                    builder.Append(buffer);
                    builder.Append(CoreNewLine.AsSpan());
                }
                finally
                {
                    Suspend(ref builder);
                }
            }

            /// <summary>Writes the text of <paramref name="value"/>, chunk by chunk; <see langword="null"/> writes nothing.</summary>
            /// <param name="value">The text.</param>
            /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
            public override void Write(StringBuilder? value)
            {
                {{k.Builder}} builder = Resume();
                try
                {
                    if (value is not null)
                    {
                        foreach (ReadOnlyMemory<char> chunk in value.GetChunks())
                        {
                            builder.Append(chunk.Span);
                        }
                    }
                }
                finally
                {
                    Suspend(ref builder);
                }
            }

            /// <summary>Writes chars; returns a completed task, or a canceled one (writing nothing) when
            /// <paramref name="cancellationToken"/> is canceled.</summary>
            /// <param name="buffer">The chars.</param>
            /// <param name="cancellationToken">Checked before writing.</param>
            /// <returns>A completed or canceled task.</returns>
            /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
            public override Task WriteAsync(ReadOnlyMemory<char> buffer, CancellationToken cancellationToken = default)
            {
                if (cancellationToken.IsCancellationRequested)
                {
                    return Task.FromCanceled(cancellationToken);
                }

                Write(buffer.Span);
                return Task.CompletedTask;
            }

            /// <summary>Writes chars and then <see cref="TextWriter.NewLine"/>; returns a completed task, or a canceled one
            /// (writing nothing) when <paramref name="cancellationToken"/> is canceled.</summary>
            /// <param name="buffer">The chars.</param>
            /// <param name="cancellationToken">Checked before writing.</param>
            /// <returns>A completed or canceled task.</returns>
            /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
            public override Task WriteLineAsync(ReadOnlyMemory<char> buffer, CancellationToken cancellationToken = default)
            {
                if (cancellationToken.IsCancellationRequested)
                {
                    return Task.FromCanceled(cancellationToken);
                }

                WriteLine(buffer.Span);
                return Task.CompletedTask;
            }

            /// <summary>Writes the text of <paramref name="value"/>; returns a completed task, or a canceled one (writing
            /// nothing) when <paramref name="cancellationToken"/> is canceled.</summary>
            /// <param name="value">The text; <see langword="null"/> writes nothing.</param>
            /// <param name="cancellationToken">Checked before writing.</param>
            /// <returns>A completed or canceled task.</returns>
            /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
            public override Task WriteAsync(StringBuilder? value, CancellationToken cancellationToken = default)
            {
                if (cancellationToken.IsCancellationRequested)
                {
                    return Task.FromCanceled(cancellationToken);
                }

                Write(value);
                return Task.CompletedTask;
            }

            /// <summary>Writes the text of <paramref name="value"/> and then <see cref="TextWriter.NewLine"/>; returns a
            /// completed task, or a canceled one (writing nothing) when <paramref name="cancellationToken"/> is canceled.</summary>
            /// <param name="value">The text; <see langword="null"/> writes only the line end.</param>
            /// <param name="cancellationToken">Checked before writing.</param>
            /// <returns>A completed or canceled task.</returns>
            /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
            public override Task WriteLineAsync(StringBuilder? value, CancellationToken cancellationToken = default)
            {
                if (cancellationToken.IsCancellationRequested)
                {
                    return Task.FromCanceled(cancellationToken);
                }

                WriteLine(value);
                return Task.CompletedTask;
            }

            /// <summary>Does nothing (the text is already in the writer); returns a completed task, or a canceled one when
            /// <paramref name="cancellationToken"/> is canceled.</summary>
            /// <param name="cancellationToken">Checked first.</param>
            /// <returns>A completed or canceled task.</returns>
            public override Task FlushAsync(CancellationToken cancellationToken) =>
                cancellationToken.IsCancellationRequested ? Task.FromCanceled(cancellationToken) : Task.CompletedTask;
        }

        """;

    private static string Value(WriterKind k, string type) => $$"""
            /// <summary>Writes the value as <c>value.ToString(FormatProvider)</c> does, formatted in place.</summary>
            /// <param name="value">The value.</param>
            /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
            public override void Write({{type}} value)
            {
                {{k.Builder}} builder = Resume();
                try
                {
                    builder.Append(value, null, FormatProvider);
                }
                finally
                {
                    Suspend(ref builder);
                }
            }
        """;

    private static string Formatted(WriterKind k, int n)
    {
        string parameters = string.Join(", ", Range(n, i => $"object? arg{i}"));
        string arguments = string.Join(", ", Range(n, i => $"arg{i}"));
        string types = string.Join(", ", Range(n, _ => "object?"));
        string docs = string.Join("\n", Range(n, i => $"    /// <param name=\"arg{i}\">The argument {{{i}}}.</param>"));
        return $$"""
                /// <summary>Writes a composite format, as <c>string.Format(FormatProvider, format, {{arguments}})</c> writes it.</summary>
                /// <param name="format">A composite format string.</param>
            {{docs}}
                /// <exception cref="ArgumentNullException"><paramref name="format"/> is <see langword="null"/>.</exception>
                /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments; nothing is written.</exception>
                /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
                public override void Write(string format, {{parameters}})
                {
                    {{k.Builder}} builder = Resume();
                    try
                    {
                        builder.AppendFormat<{{types}}>(FormatProvider, format, {{arguments}});
                    }
                    finally
                    {
                        Suspend(ref builder);
                    }
                }
            """;
    }

    private static IEnumerable<string> Range(int n, System.Func<int, string> item)
    {
        for (int i = 0; i < n; i++)
        {
            yield return item(i);
        }
    }
}
