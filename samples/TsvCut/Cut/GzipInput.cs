using System;
using System.IO;
using System.IO.Compression;
using System.Runtime.InteropServices;

namespace FastText.Samples.TsvCut;

/// <summary>
/// gzip decompression that reports every malformed input, which System.IO.Compression does not: GZipStream ends
/// silently on a truncated file and ignores trailing garbage. This calls the system zlib (libz) directly, so it
/// knows where each member ends: members are decoded one after another (as gunzip does), zlib checks each one's
/// CRC-32 and length, and input that stops inside a member or continues with anything but another member is an
/// error. Where no libz can be loaded (64-bit Linux and macOS ship one), GZipStream is used with its weaker checks.
/// </summary>
internal static unsafe class GzipInput
{
    public static Stream Create(ReadOnlyMemory<byte> header, Stream rest) =>
        Zlib.IsAvailable ? new ZlibGzipStream(header.Span, rest) : new GZipStream(new PrefixedStream(header, rest), CompressionMode.Decompress);

    /// <summary>The few zlib entry points used, bound at run time (the library name differs by platform).</summary>
    private static class Zlib
    {
        public const int Ok = 0;
        public const int StreamEnd = 1;
        public const int BufferError = -5;

        // z_stream on LP64 platforms: pointers and uLong are 8 bytes, uInt 4.
        public const int NextInOffset = 0;
        public const int AvailInOffset = 8;
        public const int NextOutOffset = 24;
        public const int AvailOutOffset = 32;
        public const int MessageOffset = 48;
        public const int StreamSize = 112;

        private static readonly nint Library = Load();

        public static readonly delegate* unmanaged<byte*> Version =
            (delegate* unmanaged<byte*>)Export("zlibVersion");

        public static readonly delegate* unmanaged<byte*, int, byte*, int, int> InflateInit2 =
            (delegate* unmanaged<byte*, int, byte*, int, int>)Export("inflateInit2_");

        public static readonly delegate* unmanaged<byte*, int, int> Inflate =
            (delegate* unmanaged<byte*, int, int>)Export("inflate");

        public static readonly delegate* unmanaged<byte*, int> InflateReset =
            (delegate* unmanaged<byte*, int>)Export("inflateReset");

        public static readonly delegate* unmanaged<byte*, int> InflateEnd =
            (delegate* unmanaged<byte*, int>)Export("inflateEnd");

        public static bool IsAvailable => Library != 0 && IntPtr.Size == 8 && InflateEnd != null;

        private static nint Load()
        {
            foreach (string name in new[] { "libz.so.1", "libz.dylib", "libz.so" })
            {
                if (NativeLibrary.TryLoad(name, out nint handle))
                {
                    return handle;
                }
            }

            return 0;
        }

        private static nint Export(string name) =>
            Library != 0 && NativeLibrary.TryGetExport(Library, name, out nint address) ? address : 0;
    }

    private sealed class ZlibGzipStream : Stream
    {
        private const int GzipWindowBits = 15 + 16;
        private readonly Stream _raw;
        private readonly byte[] _input = GC.AllocateArray<byte>(1 << 16, pinned: true);
        private byte* _stream;
        private bool _rawEnded;
        private bool _memberEnded;
        private bool _done;
        private CutInputException? _error;

        public ZlibGzipStream(ReadOnlySpan<byte> header, Stream raw)
        {
            _raw = raw;
            _stream = (byte*)NativeMemory.AllocZeroed(Zlib.StreamSize);
            header.CopyTo(_input);
            NextIn = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(_input, 0);
            AvailIn = header.Length;
            if (Zlib.InflateInit2(_stream, GzipWindowBits, Zlib.Version(), Zlib.StreamSize) != Zlib.Ok)
            {
                NativeMemory.Free(_stream);
                _stream = null;
                throw new CutInputException("cannot start gzip decompression");
            }
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

        private byte* NextIn
        {
            get => *(byte**)(_stream + Zlib.NextInOffset);
            set => *(byte**)(_stream + Zlib.NextInOffset) = value;
        }

        private int AvailIn
        {
            get => *(int*)(_stream + Zlib.AvailInOffset);
            set => *(int*)(_stream + Zlib.AvailInOffset) = value;
        }

        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        /// <exception cref="CutInputException">The gzip data is truncated, corrupt, or followed by something else.</exception>
        public override int Read(Span<byte> buffer)
        {
            if (_error is not null)
            {
                // Reported on the call after the one that returned the last good bytes, so none are lost.
                throw _error;
            }

            if (_done || buffer.IsEmpty)
            {
                return 0;
            }

            fixed (byte* output = buffer)
            {
                while (true)
                {
                    if (AvailIn == 0 && !_rawEnded)
                    {
                        Refill();
                    }

                    if (_memberEnded)
                    {
                        if (AvailIn == 0 && _rawEnded)
                        {
                            _done = true;
                            return 0;
                        }

                        if (AvailIn < CutInputHeaderProbe && !_rawEnded)
                        {
                            Refill();
                            continue;
                        }

                        if (AvailIn < CutInputHeaderProbe || !CutInput.IsGzipHeader(new ReadOnlySpan<byte>(NextIn, AvailIn)))
                        {
                            throw new CutInputException("trailing garbage after gzip data");
                        }

                        _ = Zlib.InflateReset(_stream);
                        _memberEnded = false;
                    }

                    *(byte**)(_stream + Zlib.NextOutOffset) = output;
                    *(int*)(_stream + Zlib.AvailOutOffset) = buffer.Length;
                    int result = Zlib.Inflate(_stream, 0);
                    int produced = buffer.Length - *(int*)(_stream + Zlib.AvailOutOffset);
                    if (result == Zlib.StreamEnd)
                    {
                        _memberEnded = true;
                    }
                    else if (result != Zlib.Ok && result != Zlib.BufferError)
                    {
                        byte* message = *(byte**)(_stream + Zlib.MessageOffset);
                        _error = new CutInputException("invalid compressed data" + (message == null ? "" : " (" + Marshal.PtrToStringUTF8((nint)message) + ")"));
                        if (produced == 0)
                        {
                            throw _error;
                        }
                    }

                    if (produced > 0)
                    {
                        return produced;
                    }

                    if (!_memberEnded && AvailIn == 0 && _rawEnded)
                    {
                        throw new CutInputException("unexpected end of file (truncated gzip data)");
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
            if (_stream != null)
            {
                _ = Zlib.InflateEnd(_stream);
                NativeMemory.Free(_stream);
                _stream = null;
            }

            if (disposing)
            {
                _raw.Dispose();
            }

            base.Dispose(disposing);
        }

        private const int CutInputHeaderProbe = 10;

        /// <summary>Moves the unread input to the front of the buffer and reads more after it.</summary>
        private void Refill()
        {
            byte* start = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(_input, 0);
            int pending = AvailIn;
            new ReadOnlySpan<byte>(NextIn, pending).CopyTo(_input);
            int read = _raw.Read(_input, pending, _input.Length - pending);
            _rawEnded = read == 0;
            NextIn = start;
            AvailIn = pending + read;
        }
    }
}
