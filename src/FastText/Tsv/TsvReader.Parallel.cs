using System.Buffers;

namespace FastText;

/// <summary>
/// What the parallel reader needs of a reader: a copy for each worker that reads chunks of whole lines in the state
/// the original reached after the lines that set it up (the byte order mark, the header, the first row when that
/// row sets the expected column count), and the line number a chunk starts at.
/// </summary>
public sealed partial class TsvReader
{
    // Where the unescape and stitch buffers come from: the shared pool, or a counting pool in the tests.
    private ArrayPool<byte> _pool = ArrayPool<byte>.Shared;

    /// <summary>The pool the reader's buffers come from (the tests count what is rented and returned).</summary>
    internal ArrayPool<byte> Pool
    {
        get => _pool;
        set => _pool = value;
    }

    /// <summary>
    /// True when the next data row sets the column count every later row must have (<see cref="TsvColumnCountCheck.Always"/>
    /// without a header): until it has been read, a copy of this reader could not check the rows after it.
    /// </summary>
    internal bool ExpectsShapeFromNextRow => _countFields && _expectedColumnCount < 0;

    /// <summary>
    /// A new reader with this one's options, columns and header, positioned after the preamble: it reads chunks of
    /// whole lines (never a byte order mark or a header) and checks rows as this one would. Its own buffers.
    /// </summary>
    internal TsvReader CloneForChunks()
    {
        TsvReader clone = _allColumns ? ForAllColumns(_options) : new TsvReader(_columnIndices, _options);
        clone._pool = _pool;
        clone._header = _header;
        clone._headerPending = false;
        clone._atStart = false;
        clone._expectedColumnCount = _expectedColumnCount;
        clone.UpdateCountFields();
        clone.UpdatePlainLines();
        return clone;
    }

    /// <summary>Starts a chunk whose first line is line <paramref name="linesBefore"/> + 1 of the input.</summary>
    internal void StartChunk(long linesBefore)
    {
        _lineNumber = linesBefore;
        _pendingExamined = 0;
    }
}
