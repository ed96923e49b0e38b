namespace FastText;

/// <summary>
/// Receives the rows of a <see cref="TsvPipeReaderExtensions.ReadRowsAsync{THandler}(TsvReader, System.IO.Pipelines.PipeReader, THandler, System.Threading.CancellationToken)"/>
/// loop. Implement it on a struct so the call devirtualizes; the row and its spans are valid only during the call.
/// </summary>
public interface ITsvRowHandler
{
    /// <summary>Handles one data row; copy out what you keep (for example with <see cref="TsvRow.GetString(int)"/>).</summary>
    void OnRow(in TsvRow row);
}
