using System.Buffers;
using FastText.Tests.Infrastructure;

namespace FastText.Tests.Tsv;

/// <summary>
/// A thread-safe byte pool that keeps count of what it handed out, for the readers' pool hooks
/// (<see cref="TsvFileReader.UsePoolForTests"/>): <see cref="Outstanding"/> arrays not returned yet, the most bytes out at
/// once (<see cref="PeakBytes"/>), and every misuse (an array returned twice, or one it never handed out) in
/// <see cref="Misuses"/> rather than thrown (a throw inside a worker would surface as that worker's error and hide the
/// misuse). Rented arrays hold junk, so reliance on zeroed memory shows.
/// </summary>
internal sealed class CountingBytePool : ArrayPool<byte>
{
    private const byte Junk = 0xA5;

    private readonly object _gate = new();
    private readonly HashSet<byte[]> _outstanding = new(ReferenceIdentityComparer<byte[]>.Instance);
    private long _bytes;
    private long _peakBytes;
    private int _rents;

    public int Outstanding
    {
        get
        {
            lock (_gate)
            {
                return _outstanding.Count;
            }
        }
    }

    public long PeakBytes
    {
        get
        {
            lock (_gate)
            {
                return _peakBytes;
            }
        }
    }

    public int Rents
    {
        get
        {
            lock (_gate)
            {
                return _rents;
            }
        }
    }

    public List<string> Misuses { get; } = new();

    public override byte[] Rent(int minimumLength)
    {
        var array = new byte[minimumLength];
        array.AsSpan().Fill(Junk);
        lock (_gate)
        {
            _outstanding.Add(array);
            _rents++;
            _bytes += array.Length;
            _peakBytes = Math.Max(_peakBytes, _bytes);
        }

        return array;
    }

    public override void Return(byte[] array, bool clearArray = false)
    {
        lock (_gate)
        {
            if (!_outstanding.Remove(array))
            {
                Misuses.Add($"an array of {array.Length} bytes returned that is not out (returned twice, or never rented)");
                return;
            }

            _bytes -= array.Length;
        }
    }

    /// <summary>Fails unless every array came back, once.</summary>
    public void AssertAllReturned(string context)
    {
        lock (_gate)
        {
            Xunit.Assert.True(Misuses.Count == 0, $"{context}: {string.Join("; ", Misuses)}");
            Xunit.Assert.True(_outstanding.Count == 0, $"{context}: {_outstanding.Count} pooled array(s) never returned ({string.Join(", ", _outstanding.Select(a => a.Length))} bytes)");
        }
    }
}
