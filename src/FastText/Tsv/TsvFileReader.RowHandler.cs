using System;
using System.Threading;
using System.Threading.Tasks;

namespace FastText;

// ReadRowsAsync over a Stream: the handler loop on this reader's buffer and fills (one Stream driver for foreach,
// ReadAsync, ReadRowsAsync and the parallel read).
public sealed partial class TsvFileReader
{
    /// <summary>True once the input has ended (every byte of it is buffered).</summary>
    internal bool EndOfInput => _endOfInput;

    /// <summary>
    /// Hands every complete row buffered (all of them at the end of the input) to <paramref name="handler"/>. The read
    /// position follows the rows handed out, also when the handler or a format error throws (at most once per row).
    /// </summary>
    internal void HandleBufferedRows<THandler>(ref THandler handler)
        where THandler : ITsvRowHandler
    {
        _position++;
        ReadOnlySpan<byte> unread = Unread;
        try
        {
            while (_reader.TryReadRow(ref unread, _endOfInput, out TsvRow row))
            {
                handler.OnRow(in row);
            }
        }
        finally
        {
            _start = UnreadEnd - unread.Length;
        }
    }

    /// <summary>Reads more of the input behind the bytes buffered.</summary>
    internal ValueTask FillForRowsAsync(CancellationToken cancellationToken) => FillAsync(cancellationToken);
}
