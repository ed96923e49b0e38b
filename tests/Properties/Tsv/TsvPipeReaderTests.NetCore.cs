using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace FastText.Tests.Tsv;

public sealed partial class TsvPipeReaderTests
{
    // MemoryStream overrides the span overloads itself, so without these the pipe would read past the trickle.
    private sealed partial class TrickleStream : MemoryStream
    {
        public override int Read(Span<byte> buffer) => base.Read(buffer.Slice(0, Math.Min(buffer.Length, _random.Next(1, 50))));

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            new(Read(buffer.Span));
    }
}
