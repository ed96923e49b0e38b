using System.Threading;

namespace FastText.Tests.Infrastructure;

/// <summary>
/// A second thread that writes values from a fixed set at pseudo-random elements of a buffer (bytes or chars) until
/// disposed: the caller's buffer changing under an operation that reads or writes it.
/// </summary>
public sealed unsafe class BufferFlipper : IDisposable
{
    private readonly Thread _thread;
    private volatile bool _stop;

    /// <param name="start">The buffer's first element; it must stay mapped until this is disposed.</param>
    /// <param name="length">The buffer's length in elements.</param>
    /// <param name="elementSize">1 for bytes, 2 for chars.</param>
    /// <param name="values">The values written (each narrowed to a byte for a byte buffer).</param>
    public BufferFlipper(byte* start, int length, int elementSize, ushort[] values)
    {
        _thread = new Thread(() =>
        {
            uint state = 2463534242;
            while (!_stop)
            {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                int index = (int)(state % (uint)length);
                ushort value = values[(state >> 8) % (uint)values.Length];
                if (elementSize == sizeof(char))
                {
                    Volatile.Write(ref *(ushort*)(start + (2 * index)), value);
                }
                else
                {
                    Volatile.Write(ref start[index], (byte)value);
                }
            }
        })
        { IsBackground = true };
        _thread.Start();
    }

    /// <summary>Stops the thread and waits for it.</summary>
    public void Dispose()
    {
        _stop = true;
        _thread.Join();
    }
}
