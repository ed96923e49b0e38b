using System.Buffers;
using System.IO;
using System.Threading;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// Caller-owned memory changing under the reader (another thread flipping bytes between '\t', '\n', '\r', '\\'
/// and a letter): results may be anything a byte sequence could give, or a <see cref="TsvFormatException"/> (or the
/// runtime decoder's refusal in GetString), but never a crash, an out-of-range exception or a read outside the spans given. Stitched lines, unescaping, the
/// whole-line fast path, the field enumerator and the header are all exercised.
/// </summary>
public sealed class TsvConcurrencyTests
{
    private static readonly byte[] Flips = { (byte)'\t', (byte)'\n', (byte)'\r', (byte)'\\', (byte)'x', (byte)'#' };

    [Fact]
    public void Bytes_flipped_by_another_thread_never_break_the_reader()
    {
        var random = new Random(20261122);
        for (int round = 0; round < 150; round++)
        {
            TsvCase tsv = TsvTestSupport.CreateCase(random.Next());
            byte[] bytes = tsv.Bytes;
            if (bytes.Length == 0)
            {
                continue;
            }

            List<byte[]> segments = TsvTestSupport.Split(bytes, random);
            using var stop = new CancellationTokenSource();
            int seed = random.Next();
            var flipper = new Thread(() =>
            {
                var flipRandom = new Random(seed);
                while (!stop.IsCancellationRequested)
                {
                    byte[] target = flipRandom.Next(2) == 0 ? bytes : segments[flipRandom.Next(segments.Count)];
                    if (target.Length > 0)
                    {
                        target[flipRandom.Next(target.Length)] = Flips[flipRandom.Next(Flips.Length)];
                    }
                }
            });
            flipper.Start();
            try
            {
                for (int pass = 0; pass < 20; pass++)
                {
                    ReadAll(tsv, bytes, TsvTestSupport.ToSequence(segments));
                }
            }
            finally
            {
                stop.Cancel();
                flipper.Join();
            }
        }
    }

    private static void ReadAll(TsvCase tsv, byte[] bytes, ReadOnlySequence<byte> sequence)
    {
        // TsvFileReader reads a MemoryStream with a visible buffer in place, so the flipped array itself, and with no
        // column selection: the all-fields scan. (This found a trailing '\r' trimmed from a field the scan had ended
        // at a separator there, giving it length -1.)
        try
        {
            var stream = new MemoryStream(bytes, 0, bytes.Length, writable: false, publiclyVisible: true);
            using TsvFileReader file = TsvFileReader.From(stream, tsv.Options);
            foreach (TsvRow row in file)
            {
                Touch(row);
            }
        }
        catch (TsvFormatException)
        {
        }

        foreach (TsvOptions options in new[] { tsv.Options, TsvOptions.ByteExact })
        {
            using TsvReader reader = ReferenceEquals(options, tsv.Options) ? tsv.CreateReader() : new TsvReader(options);
            try
            {
                ReadOnlySpan<byte> span = bytes;
                while (reader.TryReadRow(ref span, true, out TsvRow row))
                {
                    Touch(row);
                }
            }
            catch (TsvFormatException)
            {
            }

            reader.Reset();
            try
            {
                ReadOnlySequence<byte> buffer = sequence;
                while (reader.TryReadRow(ref buffer, true, out TsvRow row))
                {
                    Touch(row);
                }
            }
            catch (TsvFormatException)
            {
            }
        }
    }

    private static void Touch(in TsvRow row)
    {
        long sum = row.Line.Length + (row.HasSeparator ? 1 : 0);
        for (int i = 0; i < row.ColumnCount; i++)
        {
            if (row.TryGetColumn(i, out ReadOnlySpan<byte> value))
            {
                sum += value.Length;
                try
                {
                    _ = row.GetString(i);
                }
                catch (ArgumentException error) when (error.ParamName == "chars")
                {
                    // The runtime's UTF-8 decoder counts the characters, then decodes: bytes changed in between
                    // make it refuse with this exception (never a read outside the span), which the contract allows.
                }
            }
        }

        foreach (ReadOnlySpan<byte> field in row.Fields)
        {
            sum += field.Length;
        }

        GC.KeepAlive(sum);
    }
}
