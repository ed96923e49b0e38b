using System;
using System.Runtime.InteropServices;

namespace FastText.Tests.Infrastructure;

/// <summary>
/// Memory whose last usable byte sits right before a no-access page (Linux mmap + mprotect), so code that reads
/// or writes even one element past the span it was given dies with SIGSEGV instead of passing silently.
/// Spans are laid out flush against the guard page: <see cref="Bytes"/> and <see cref="Chars"/> end exactly at it.
/// </summary>
public sealed unsafe class GuardedBuffer : IDisposable
{
    private const int ProtNone = 0;
    private const int ProtRead = 1;
    private const int ProtWrite = 2;
    private const int MapPrivate = 0x02;
    private const int MapAnonymous = 0x20;

    private readonly byte* _region;
    private readonly byte* _mapping;
    private readonly nuint _mappingLength;
    private readonly int _usableLength;

    /// <summary>True where guard pages can be made (Linux); elsewhere tests skip with a message.</summary>
    public static bool IsSupported { get; } = RuntimeInformation.IsOSPlatform(OSPlatform.Linux);

    public static string SkipReason => IsSupported ? "" : "Guard pages need mmap/mprotect (Linux only).";

    /// <param name="byteLength">The usable bytes at least (whole pages).</param>
    /// <param name="guardBefore">Also a no-access page before the usable bytes, so <see cref="StartBytes"/> guards an under-read too.</param>
    public GuardedBuffer(int byteLength, bool guardBefore = false)
    {
        if (!IsSupported)
        {
            throw new PlatformNotSupportedException(SkipReason);
        }

        int pageSize = Environment.SystemPageSize;
        int dataPages = Math.Max(1, (byteLength + pageSize - 1) / pageSize);
        int leadingPages = guardBefore ? 1 : 0;
        _usableLength = dataPages * pageSize;
        _mappingLength = (nuint)((leadingPages + dataPages + 1) * pageSize);
        _region = (byte*)mmap(null, _mappingLength, ProtRead | ProtWrite, MapPrivate | MapAnonymous, -1, 0);
        if (_region == (byte*)-1 || _region == null)
        {
            throw new InvalidOperationException($"mmap failed: errno {Marshal.GetLastWin32Error()}");
        }

        _mapping = _region + (leadingPages * pageSize);
        if (mprotect(_mapping + _usableLength, (nuint)pageSize, ProtNone) != 0 || (guardBefore && mprotect(_region, (nuint)pageSize, ProtNone) != 0))
        {
            throw new InvalidOperationException($"mprotect failed: errno {Marshal.GetLastWin32Error()}");
        }
    }

    /// <summary>The last <paramref name="length"/> bytes before the guard page.</summary>
    public Span<byte> Bytes(int length)
    {
        if ((uint)length > (uint)_usableLength)
        {
            throw new ArgumentOutOfRangeException(nameof(length));
        }

        return new Span<byte>(_mapping + _usableLength - length, length);
    }

    /// <summary>The last <paramref name="length"/> chars before the guard page.</summary>
    public Span<char> Chars(int length)
    {
        if ((uint)length * 2 > (uint)_usableLength)
        {
            throw new ArgumentOutOfRangeException(nameof(length));
        }

        return new Span<char>(_mapping + _usableLength - (length * 2), length);
    }

    /// <summary>The first <paramref name="length"/> usable bytes (an under-read before them is guarded only when built with <c>guardBefore</c>).</summary>
    public Span<byte> StartBytes(int length) => new(_mapping, length);

    public void Dispose()
    {
        munmap(_region, _mappingLength);
    }

    [DllImport("libc", SetLastError = true)]
    private static extern void* mmap(void* addr, nuint length, int prot, int flags, int fd, nint offset);

    [DllImport("libc", SetLastError = true)]
    private static extern int mprotect(void* addr, nuint length, int prot);

    [DllImport("libc", SetLastError = true)]
    private static extern int munmap(void* addr, nuint length);
}
