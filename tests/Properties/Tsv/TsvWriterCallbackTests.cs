using System.Buffers;
using System.IO;
using System.Threading.Tasks;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// The writer's destinations that lie or stall: a buffer writer that gives no room makes Flush
/// and Dispose fail with a clear exception instead of spinning forever.
/// </summary>
public sealed class TsvWriterCallbackTests
{
    /// <summary>GetSpan and GetMemory return nothing, whatever is asked.</summary>
    private sealed class NoRoomWriter : IBufferWriter<byte>
    {
        public void Advance(int count)
        {
            if (count != 0)
            {
                throw new InvalidOperationException("advanced past an empty span");
            }
        }

        public Memory<byte> GetMemory(int sizeHint = 0) => Memory<byte>.Empty;

        public Span<byte> GetSpan(int sizeHint = 0) => Span<byte>.Empty;
    }

    [Theory]
    [InlineData("Flush")]
    [InlineData("Dispose")]
    [InlineData("a full buffer")]
    public void A_buffer_writer_that_gives_no_room_fails_the_call_instead_of_hanging(string call)
    {
        var destination = new NoRoomWriter();
        var writer = new TsvWriter(destination, new TsvWriterOptions { BufferSize = 64 });
        Task attempt = Task.Run(() =>
        {
            writer.WriteField("a");
            writer.EndRow();
            switch (call)
            {
                case "Flush":
                    writer.Flush();
                    break;
                case "Dispose":
                    writer.Dispose();
                    break;
                default:
                    for (int i = 0; i < 100; i++)
                    {
                        writer.WriteField("0123456789");
                        writer.EndRow();
                    }

                    break;
            }
        });
        // Waited without throwing, so that a hang (the defect) and a wrong exception fail differently.
        Assert.True(((IAsyncResult)attempt).AsyncWaitHandle.WaitOne(TimeSpan.FromSeconds(20)), call + " spun on a writer that gives no room");
        var error = Assert.IsType<InvalidOperationException>(attempt.Exception?.InnerException);
        Assert.Contains(nameof(NoRoomWriter), error.Message, StringComparison.Ordinal);
        Assert.Equal(0, writer.FlushedRowCount);
        Assert.ThrowsAny<InvalidOperationException>(() => writer.WriteField("b"));
        writer.Dispose();
    }
}
