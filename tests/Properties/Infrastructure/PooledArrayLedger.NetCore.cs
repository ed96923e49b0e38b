using System.Diagnostics;
using System.Diagnostics.Tracing;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Xunit;

namespace FastText.Tests.Infrastructure;

/// <summary>
/// Every array that code running in a <see cref="Track"/> scope rents from the runtime's shared pools
/// (<c>ArrayPool&lt;T&gt;.Shared</c>) and has not returned yet, wherever it is returned from: an <see cref="EventListener"/> on
/// the runtime's ArrayPool events (System.Buffers.ArrayPoolEventSource raises BufferRented and BufferReturned on the
/// thread that rents or returns), counting a rent when the renting code's execution context carries this ledger's
/// scope (an <see cref="AsyncLocal{T}"/>, so an async method's continuations count too, on any thread). For the code the
/// library hands its pooled buffers to and cannot see: a destination that throws, a request that is aborted.
/// </summary>
public sealed class PooledArrayLedger : EventListener
{
    private const string ArrayPoolEventSourceName = "System.Buffers.ArrayPoolEventSource";

    private static readonly AsyncLocal<(PooledArrayLedger Ledger, string Scope)?> Current = new();

    // Initialized before the base constructor, which may already call OnEventSourceCreated.
    private readonly object _gate = new();
    private readonly Dictionary<(int Pool, int Buffer), List<Rental>> _outstanding = new();
    // Set while this thread is inside the callback: what the callback itself rents (a stack trace's text) is not the
    // tracked code's, and must not call back into it without end.
    [ThreadStatic]
    private static bool t_inCallback;

    private long _rentals;
    private volatile bool _captureStacks = true;

    private sealed record Rental(string Scope, int Length, string? Stack);

    /// <summary>Arrays rented in a scope so far (a test that expects pooled work can check some happened).</summary>
    public long Rentals => Interlocked.Read(ref _rentals);

    /// <summary>Whether a rent records its stack, for the failure message (costly: off for load tests).</summary>
    public bool CaptureStacks { get => _captureStacks; set => _captureStacks = value; }

    /// <summary>Counts what the calling code rents until the returned scope is disposed (or its async method returns).</summary>
    public Scope Track(string scope)
    {
        (PooledArrayLedger, string)? previous = Current.Value;
        Current.Value = (this, scope);
        return new Scope(previous);
    }

    /// <summary>The arrays still out, one line each (and the stack that rented it).</summary>
    public List<string> Outstanding()
    {
        lock (_gate)
        {
            return _outstanding.SelectMany(entry => entry.Value.Select(rental =>
                $"  an array of {rental.Length} elements (pool {entry.Key.Pool}) rented by {rental.Scope}{(rental.Stack is null ? "" : "\n" + rental.Stack)}")).ToList();
        }
    }

    /// <summary>
    /// Stops counting <paramref name="array"/> as out: for an array the code keeps on purpose (a thread's spare array).
    /// The runtime's events name an array by its identity hash code, so this matches every rental of that hash.
    /// </summary>
    public void Forgive(object? array)
    {
        if (array is null)
        {
            return;
        }

        int buffer = RuntimeHelpers.GetHashCode(array);
        lock (_gate)
        {
            foreach ((int Pool, int Buffer) key in _outstanding.Keys.Where(key => key.Buffer == buffer).ToList())
            {
                _outstanding.Remove(key);
            }
        }
    }

    /// <summary>Fails unless every array rented in a scope is back.</summary>
    public void AssertAllReturned()
    {
        List<string> outstanding = Outstanding();
        Assert.True(outstanding.Count == 0, $"{outstanding.Count} pooled arrays not returned:\n" + string.Join("\n", outstanding.Take(10)));
    }

    /// <summary>
    /// Waits (up to <paramref name="timeout"/>) until <paramref name="quiet"/> holds (nothing in flight, say) and every
    /// array rented in a scope is back; fails naming the ones still out (and what <paramref name="describe"/> adds). An
    /// abandoned read may give its array back a moment after its caller has moved on, hence the wait.
    /// </summary>
    public async Task AssertAllReturnedAsync(TimeSpan timeout, Func<bool>? quiet = null, Func<string>? describe = null)
    {
        var waited = Stopwatch.StartNew();
        while (true)
        {
            List<string> outstanding = Outstanding();
            if ((quiet?.Invoke() ?? true) && outstanding.Count == 0)
            {
                return;
            }

            if (waited.Elapsed > timeout)
            {
                Assert.Fail($"After {waited.Elapsed.TotalSeconds:F1} s, {outstanding.Count} pooled arrays not returned:\n" +
                    string.Join("\n", outstanding.Take(10)) + (describe is null ? "" : "\n" + describe()));
            }

            await Task.Delay(20);
        }
    }

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name == ArrayPoolEventSourceName)
        {
            EnableEvents(eventSource, EventLevel.Verbose);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        // BufferRented(int bufferId, int bufferSize, int poolId, int bucketId); BufferReturned(int bufferId, int bufferSize, int poolId).
        if (eventData.EventName is not ("BufferRented" or "BufferReturned") || eventData.Payload is not { Count: >= 3 } payload)
        {
            return;
        }

        var key = ((int)payload[2]!, (int)payload[0]!);
        if (eventData.EventName == "BufferRented")
        {
            if (t_inCallback || Current.Value is not { } mark || mark.Ledger != this || (int)payload[1]! == 0)
            {
                return;
            }

            string? stack = null;
            if (_captureStacks)
            {
                t_inCallback = true;
                try
                {
                    stack = new StackTrace(2, false).ToString();
                }
                finally
                {
                    t_inCallback = false;
                }
            }

            Interlocked.Increment(ref _rentals);
            lock (_gate)
            {
                if (!_outstanding.TryGetValue(key, out List<Rental>? rentals))
                {
                    _outstanding[key] = rentals = new List<Rental>(1);
                }

                rentals.Add(new Rental(mark.Scope, (int)payload[1]!, stack));
            }
        }
        else
        {
            lock (_gate)
            {
                if (_outstanding.TryGetValue(key, out List<Rental>? rentals))
                {
                    rentals.RemoveAt(rentals.Count - 1);
                    if (rentals.Count == 0)
                    {
                        _outstanding.Remove(key);
                    }
                }
            }
        }
    }

    /// <summary>Ends a <see cref="Track"/> scope: the code after it rents uncounted again (or in the scope around it).</summary>
    public readonly struct Scope : IDisposable
    {
        private readonly (PooledArrayLedger, string)? _previous;

        internal Scope((PooledArrayLedger, string)? previous) => _previous = previous;

        public void Dispose() => Current.Value = _previous;
    }
}
