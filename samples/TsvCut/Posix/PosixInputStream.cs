using System;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;

namespace FastText.Samples.TsvCut;

/// <summary>An input read with read(2): a file tsvcut opened, or standard input (fd 0, never closed here).</summary>
internal sealed class PosixInputStream : Stream
{
    private const int StandardInput = 0;
    private int _fd;
    private readonly bool _ownsDescriptor;

    private PosixInputStream(int fd, bool ownsDescriptor)
    {
        _fd = fd;
        _ownsDescriptor = ownsDescriptor;
    }

    /// <summary>
    /// True when the process started with fd 0 closed (<c>tsvcut &lt;&amp;-</c>). The runtime opens files of its own
    /// before Main, and the first lands on the free fd 0, so reading it would read that file (or block on a pipe).
    /// A descriptor inherited across exec cannot have FD_CLOEXEC set (exec would have closed it); the runtime opens
    /// its files close-on-exec. Evaluated before tsvcut opens any file.
    /// </summary>
    public static readonly bool StandardInputClosedAtStart = IsStandardInputClosed();

    /// <summary>Standard input; a closed one fails on the first read with "Bad file descriptor", as in cut.</summary>
    public static PosixInputStream StandardInputStream() => new(StandardInputClosedAtStart ? -1 : StandardInput, ownsDescriptor: false);

    private static bool IsStandardInputClosed()
    {
        int flags = NativeMethods.Fcntl(StandardInput, NativeMethods.F_GETFD);
        return flags < 0 || (flags & NativeMethods.FD_CLOEXEC) != 0;
    }

    /// <summary>
    /// Opens <paramref name="path"/>, a byte string (one char per byte of the name, as the command line gave it),
    /// read-only; a directory opens and fails on read, as in cut.
    /// </summary>
    /// <exception cref="CutInputException">open(2) failed.</exception>
    public static unsafe PosixInputStream OpenFile(string path)
    {
        // The name's bytes as they are (not UTF-8 encoded: a name that is not UTF-8 must reach open(2) unchanged).
        byte[] name = new byte[path.Length + 1];
        Encoding.Latin1.GetBytes(path, name);
        int fd;
        fixed (byte* bytes = name)
        {
            do
            {
                fd = NativeMethods.Open(bytes, 0);
            }
            while (fd < 0 && Marshal.GetLastPInvokeError() == NativeMethods.EINTR);
        }

        if (fd < 0)
        {
            throw new CutInputException(NativeMethods.ErrorMessage(Marshal.GetLastPInvokeError()));
        }

        return new PosixInputStream(fd, ownsDescriptor: true);
    }

    /// <summary>
    /// Maps a regular, non-empty file read-only so it can be cut where the page cache holds it, with no copy (read(2)
    /// copying into a buffer was about a quarter of tsvcut's time). Null for anything else (pipes, directories,
    /// empty files, standard input, 32-bit processes), which are read; the position is then back at the start.
    /// </summary>
    public unsafe MappedInput? TryMap()
    {
        // Only files tsvcut opened: standard input may be a file read from a shared offset that is not 0.
        if (!_ownsDescriptor || _fd < 0 || IntPtr.Size != 8)
        {
            return null;
        }

        long length = NativeMethods.Seek(_fd, 0, NativeMethods.SEEK_END);
        if (length <= 0)
        {
            _ = NativeMethods.Seek(_fd, 0, NativeMethods.SEEK_SET);
            return null;
        }

        // Not populated here: MappedInput.Populate does it per range, on the thread that will read the range.
        void* address = NativeMethods.Map(null, (nuint)length, NativeMethods.PROT_READ, NativeMethods.MAP_PRIVATE, _fd, 0);
        _ = NativeMethods.Seek(_fd, 0, NativeMethods.SEEK_SET);
        if (address == (void*)-1)
        {
            return null;
        }

        _ = NativeMethods.Advise(address, (nuint)length, NativeMethods.MADV_SEQUENTIAL);
        return new MappedInput((byte*)address, length);
    }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    /// <exception cref="CutInputException">read(2) failed.</exception>
    public override unsafe int Read(Span<byte> buffer)
    {
        if (_fd < 0)
        {
            throw new CutInputException(NativeMethods.ErrorMessage(NativeMethods.EBADF));
        }

        fixed (byte* bytes = buffer)
        {
            while (true)
            {
                nint read = NativeMethods.Read(_fd, bytes, buffer.Length);
                if (read >= 0)
                {
                    return (int)read;
                }

                int errno = Marshal.GetLastPInvokeError();
                if (errno != NativeMethods.EINTR)
                {
                    throw new CutInputException(NativeMethods.ErrorMessage(errno));
                }
            }
        }
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (_ownsDescriptor && _fd >= 0)
        {
            _ = NativeMethods.Close(_fd);
            _fd = -1;
        }

        base.Dispose(disposing);
    }
}
