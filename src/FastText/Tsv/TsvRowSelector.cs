namespace FastText;

/// <summary>
/// Makes the value of one row, for <see cref="TsvFileReader.ParallelSelect{TResult}"/>: called on worker threads, so
/// it must be safe to call from several at once. The row is passed by reference (write the lambda as
/// <c>(in TsvRow row) =&gt; ...</c>, or pass a method) and is valid during the call only: copy out what you keep.
/// </summary>
/// <typeparam name="TResult">What the row becomes.</typeparam>
/// <param name="row">The row.</param>
/// <returns>The row's value.</returns>
public delegate TResult TsvRowSelector<out TResult>(in TsvRow row);
