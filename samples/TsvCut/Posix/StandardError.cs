using System;
using System.Runtime.InteropServices;

namespace FastText.Samples.TsvCut;

/// <summary>
/// tsvcut's error messages ("tsvcut: MESSAGE" and a newline on standard error), written with write(2) from a buffer
/// allocated at start-up. The path needs no memory: "memory exhausted" is reported after an allocation failed, when
/// the Console streams (which allocate as they initialise) and even a string concatenation could fail in turn.
/// </summary>
internal static class StandardError
{
    private const int StandardErrorDescriptor = 2;

    /// <summary>The longest piece written in one write(2); a longer message goes out in several.</summary>
    private const int BufferLength = 4096;

    // Allocated when Prepare runs the static constructor, at start-up; it lives as long as the process.
    private static readonly byte[] Buffer = new byte[BufferLength];

    private static int _length;

    /// <summary>Allocates the buffer now (the static constructor runs), before anything can exhaust memory.</summary>
    public static void Prepare() => _length = 0;

    /// <summary>
    /// Writes "tsvcut: " + <paramref name="message"/> + newline, one byte per char (messages are byte strings: a
    /// file name or option byte that is not UTF-8 is written back as the byte it was, as cut does; a char above
    /// U+00FF, which no byte string holds, as '?'). Allocates nothing; a failed write(2) is ignored (there is no
    /// other place to report it, as for cut).
    /// </summary>
    public static void WriteLine(ReadOnlySpan<char> message)
    {
        _length = 0;
        foreach (byte b in "tsvcut: "u8)
        {
            Put(b);
        }

        foreach (char c in message)
        {
            Put(c <= '\u00FF' ? (byte)c : (byte)'?');
        }

        Put((byte)'\n');
        Send();
    }

    private static void Put(byte value)
    {
        if (_length == Buffer.Length)
        {
            Send();
        }

        Buffer[_length++] = value;
    }

    private static unsafe void Send()
    {
        fixed (byte* bytes = Buffer)
        {
            int done = 0;
            while (done < _length)
            {
                nint written = NativeMethods.Write(StandardErrorDescriptor, bytes + done, _length - done);
                if (written > 0)
                {
                    done += (int)written;
                }
                else if (written == 0 || Marshal.GetLastPInvokeError() != NativeMethods.EINTR)
                {
                    break;
                }
            }
        }

        _length = 0;
    }
}
