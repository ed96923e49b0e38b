using System.IO;

namespace FastText.Samples.TsvCut;

/// <summary>An input could not be opened, read or decompressed; the message is the reason only ("Is a directory").</summary>
internal sealed class CutInputException : IOException
{
    public CutInputException(string message)
        : base(message)
    {
    }
}

/// <summary>Standard output could not be written; <see cref="Errno"/> tells EPIPE (the reader has gone) from the rest.</summary>
internal sealed class CutOutputException : IOException
{
    public CutOutputException(int errno, string message)
        : base(message)
    {
        Errno = errno;
    }

    public int Errno { get; }
}
