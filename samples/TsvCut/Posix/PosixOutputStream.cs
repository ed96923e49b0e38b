using System;
using System.IO;
using System.Runtime.InteropServices;

namespace FastText.Samples.TsvCut;

/// <summary>Standard output written with write(2), so the shared file offset advances and EPIPE is reported.</summary>
internal sealed class PosixOutputStream : Stream
{
    private const int StandardOutput = 1;

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    /// <exception cref="CutOutputException">write(2) failed (EPIPE when the reader has gone).</exception>
    public override unsafe void Write(ReadOnlySpan<byte> buffer)
    {
        fixed (byte* bytes = buffer)
        {
            int done = 0;
            while (done < buffer.Length)
            {
                nint written = NativeMethods.Write(StandardOutput, bytes + done, buffer.Length - done);
                if (written >= 0)
                {
                    done += (int)written;
                    continue;
                }

                int errno = Marshal.GetLastPInvokeError();
                if (errno != NativeMethods.EINTR)
                {
                    throw new CutOutputException(errno, NativeMethods.ErrorMessage(errno));
                }
            }
        }
    }

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();
}
