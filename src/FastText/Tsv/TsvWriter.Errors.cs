using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Threading;

namespace FastText;

/// <summary>The writer's throws, out of line so the field methods stay small.</summary>
public sealed partial class TsvWriter
{
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ThrowNotWritable()
    {
        if (_disposed)
        {
            throw new ObjectDisposedException(nameof(TsvWriter));
        }

        if (Volatile.Read(ref _flushState) != FlushNone)
        {
            throw new InvalidOperationException(
                "A FlushAsync of this TsvWriter is pending and must be awaited first: until it completes the destination " +
                "may still be reading the buffer, so no field, row or flush can start.");
        }

        throw new InvalidOperationException(
            "The TsvWriter's destination failed earlier; the writer cannot continue. " +
            "FlushedRowCount rows reached the destination complete.");
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ThrowSpecialByte(ReadOnlySpan<byte> value, int index)
    {
        byte special = value[index];
        string what = special switch
        {
            LineFeed => "a line feed",
            CarriageReturn => "a carriage return",
            _ when special == _separator => TsvFormatException.Format("the separator (0x{0:X2})", special),
            _ => TsvFormatException.Format("byte 0x{0:X2}", special),
        };
        string remedy = _escape
            ? "only a tab separator has an escape; choose a separator the data does not contain."
            : "set TsvWriterOptions.EscapeBackslashes (and TsvOptions.UnescapeBackslashes when reading) or clean the value.";
        long row = _rowCount + 1;
        throw new TsvFormatException(
            TsvFormatException.Format("Row {0}, field {1} (0-based): the value holds {2} at byte {3}, which would break the row; {4}", row, _fieldCount, what, index, remedy),
            row,
            _fieldCount);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowFlushCanceled() =>
        throw new OperationCanceledException("The PipeWriter's flush was canceled (PipeWriter.CancelPendingFlush).");

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowEmptyBufferWriterSpan(IBufferWriter<byte> writer) =>
        throw new InvalidOperationException(TsvFormatException.Format(
            "{0}.GetSpan returned an empty span: the writer makes no progress, so the rows cannot be copied into it.",
            writer.GetType().ToString()));

#pragma warning disable MA0012 // Deliberate: a buffer past the largest array is what the runtime reports as OutOfMemoryException.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowRowTooLong(long required) =>
        throw new OutOfMemoryException(TsvFormatException.Format(
            "A TSV row would need {0} bytes, more than the largest array holds; write smaller fields.", required));
#pragma warning restore MA0012
}
