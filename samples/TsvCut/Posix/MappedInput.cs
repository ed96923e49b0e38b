using System;

namespace FastText.Samples.TsvCut;

/// <summary>A file mapped read-only by <see cref="PosixInputStream.TryMap"/>; unmapped on dispose.</summary>
internal sealed unsafe class MappedInput : IDisposable
{
    public MappedInput(byte* address, long length)
    {
        Address = address;
        Length = length;
    }

    public byte* Address { get; private set; }

    public long Length { get; }

    public void Dispose()
    {
        if (Address != null)
        {
            _ = NativeMethods.Unmap(Address, (nuint)Length);
            Address = null;
        }
    }
}
