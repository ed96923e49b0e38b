using System.Buffers;
using System.Runtime;
using Xunit;

namespace FastText.Tests.Keys;

/// <summary>A key whose UTF-8 form no buffer can hold (1.4 GB of chars, so it runs only where memory allows; .NET Core
/// only, for GC.GetGCMemoryInfo).</summary>
public class KeyHugeUtf8Tests
{
    private static bool EnoughMemory => GCSettings.IsServerGC || GC.GetGCMemoryInfo().TotalAvailableMemoryBytes >= 8L << 30;

    /// <summary>A part of <c>count</c> copies of one char.</summary>
    private sealed class RepeatedCharPart(string name, char fill) : CustomKeyPart<int>(name)
    {
        protected override int MeasureValue(int count) => count;

        protected override int WriteValue(int count, Span<char> destination)
        {
            destination.Fill(fill);
            return destination.Length;
        }
    }

    /// <summary>Counts the spans it is asked for and refuses them.</summary>
    private sealed class RefusingWriter : IBufferWriter<byte>
    {
        public int Requests { get; private set; }

        public void Advance(int count) => throw new InvalidOperationException("Nothing was handed out.");

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            Requests++;
            throw new InvalidOperationException("GetMemory was called.");
        }

        public Span<byte> GetSpan(int sizeHint = 0)
        {
            Requests++;
            throw new InvalidOperationException("GetSpan was called.");
        }
    }

    [Fact]
    public void WriteUtf8_of_a_key_past_int_MaxValue_bytes_throws_ArgumentOutOfRange_before_asking_the_writer()
    {
        if (!EnoughMemory)
        {
            return; // The key is composed as 1.4 GB of chars; the count's arithmetic is covered by AsciiLengthLimitTests.
        }

        // "k=" and 715,827,882 chars of U+0800 (3 bytes each): 2,147,483,648 bytes, one past int.MaxValue.
        KeyShape<int> shape = KeyShape.Format("k={0}", new RepeatedCharPart("wide", '\u0800'));
        var writer = new RefusingWriter();
        try
        {
            ArgumentOutOfRangeException e = Assert.Throws<ArgumentOutOfRangeException>(() => shape.WriteUtf8(715_827_882, writer));
            Assert.Contains("2147483648", e.Message, StringComparison.Ordinal);
            Assert.Equal(0, writer.Requests);
            Assert.False(shape.TryFormatUtf8(715_827_882, new byte[16], out int written));
            Assert.Equal(0, written);
        }
        finally
        {
            GC.Collect();
        }
    }
}
