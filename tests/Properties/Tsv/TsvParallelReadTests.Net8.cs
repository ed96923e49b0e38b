using System.Threading;
using System.Threading.Tasks;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>The asynchronous parallel read (net8.0): the same values and errors as foreach, and the same clean stops.</summary>
public sealed partial class TsvParallelReadTests
{
    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Parallel_select_async_equals_foreach_on_every_source_chunk_length_and_worker_count(int seed)
    {
        ParallelCase c = ParallelCase.Create(seed) with { RowsFirst = 0 };
        List<string> expected = c.Sequential(ParallelCase.Render);
        var pool = new CountingBytePool();
        List<string> actual = WithinWatchdog(c, () => ReadInParallelAsync(c, pool, stopAfter: int.MaxValue, CancellationToken.None).GetAwaiter().GetResult());
        TsvTestSupport.AssertRows(expected, actual, c.ToString());
        AssertAllReturned(pool, c);
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Parallel_select_async_stops_cleanly_on_a_break_or_a_cancellation_from_WithCancellation(int seed)
    {
        ParallelCase c = ParallelCase.Create(seed) with { RowsFirst = 0 };
        List<string> expected = c.Sequential(ParallelCase.Render);
        var random = new Random(seed ^ 0xA5C);
        int stopAfter = random.Next(0, expected.Count + 1);
        bool cancel = random.Next(2) == 0;
        var pool = new CountingBytePool();
        using var cancellation = new CancellationTokenSource();
        List<string> actual = WithinWatchdog(c, () => ReadInParallelAsync(c, pool, stopAfter, cancellation.Token, cancel ? cancellation : null).GetAwaiter().GetResult());
        // A break ends the loop at once; a cancellation at the next move; an error or the end before either, as foreach.
        int values = expected.Count(row => !row.StartsWith("error", StringComparison.Ordinal));
        List<string> wanted = stopAfter >= values ? expected
            : cancel ? expected.Take(stopAfter + 1).Append("canceled").ToList()
            : expected.Take(stopAfter).ToList();
        TsvTestSupport.AssertRows(wanted, actual, $"stop after {stopAfter}, cancel={cancel}: {c}");
        AssertAllReturned(pool, c);
    }

    /// <summary>
    /// Reads the case with <c>await foreach</c>; after <paramref name="stopAfter"/> values it breaks, or, given
    /// <paramref name="cancel"/>, cancels the token passed to WithCancellation and reads on.
    /// </summary>
    private static async Task<List<string>> ReadInParallelAsync(
        ParallelCase c, CountingBytePool pool, int stopAfter, CancellationToken token, CancellationTokenSource? cancel = null)
    {
        var values = new List<string>();
        using TsvFileReader reader = c.Open(pool);
        try
        {
            await foreach (string value in reader.ParallelSelectAsync<string>(ParallelCase.Render, c.ParallelOptions).WithCancellation(token))
            {
                if (values.Count == stopAfter)
                {
                    if (cancel is null)
                    {
                        break;
                    }

                    await cancel.CancelAsync();
                }

                values.Add(value);
            }
        }
        catch (OperationCanceledException) when (token.IsCancellationRequested)
        {
            values.Add("canceled");
        }
        catch (Exception exception)
        {
            values.Add(ParallelCase.Describe(exception));
        }

        return values;
    }
}
