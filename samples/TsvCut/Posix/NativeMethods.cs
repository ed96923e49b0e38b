using System.Runtime.InteropServices;

namespace FastText.Samples.TsvCut;

/// <summary>
/// The C library's file calls. tsvcut does its I/O with them instead of FileStream/Console streams because cut's
/// behaviour depends on the real system calls: a directory opens and fails on read ("Is a directory"), a closed
/// stdin fails with EBADF instead of blocking, EPIPE must stop the program (the Console stream swallows it), and
/// writes must advance the shared file offset of stdout (FileStream writes at its own offset with pwrite).
/// </summary>
internal static unsafe partial class NativeMethods
{
    private const string LibC = "libc";

    public const int EINTR = 4;
    public const int EPIPE = 32;

    /// <summary>open(2) of a NUL-terminated byte path (file names are bytes; they need not be UTF-8).</summary>
    [LibraryImport(LibC, EntryPoint = "open", SetLastError = true)]
    public static partial int Open(byte* path, int flags);

    [LibraryImport(LibC, EntryPoint = "read", SetLastError = true)]
    public static partial nint Read(int fd, byte* buffer, nint count);

    [LibraryImport(LibC, EntryPoint = "write", SetLastError = true)]
    public static partial nint Write(int fd, byte* buffer, nint count);

    public const int EBADF = 9;
    public const int F_GETFD = 1;
    public const int FD_CLOEXEC = 1;

    [LibraryImport(LibC, EntryPoint = "fcntl", SetLastError = true)]
    public static partial int Fcntl(int fd, int command);

    public const int SEEK_SET = 0;
    public const int SEEK_END = 2;
    public const int PROT_READ = 1;
    public const int MAP_PRIVATE = 2;
    public const int MADV_SEQUENTIAL = 2;
    public const int MADV_DONTNEED = 4;
    public const int MADV_POPULATE_READ_LINUX = 22;

    [LibraryImport(LibC, EntryPoint = "lseek", SetLastError = true)]
    public static partial long Seek(int fd, long offset, int whence);

    [LibraryImport(LibC, EntryPoint = "mmap", SetLastError = true)]
    public static partial void* Map(void* address, nuint length, int protection, int flags, int fd, long offset);

    [LibraryImport(LibC, EntryPoint = "munmap", SetLastError = true)]
    public static partial int Unmap(void* address, nuint length);

    [LibraryImport(LibC, EntryPoint = "madvise", SetLastError = true)]
    public static partial int Advise(void* address, nuint length, int advice);

    [LibraryImport(LibC, EntryPoint = "close", SetLastError = true)]
    public static partial int Close(int fd);

    /// <summary>The C library's text for an errno value ("No such file or directory"), as cut prints it.</summary>
    public static string ErrorMessage(int errno) => Marshal.GetPInvokeErrorMessage(errno);
}
