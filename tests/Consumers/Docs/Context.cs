using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Threading;
using CommunityToolkit.HighPerformance.Buffers;
using FastText;

namespace DocExamples
{
    /// <summary>
    /// What the documentation's examples use without declaring it: the reader's own data and helpers. Every example
    /// that eng/doc-examples.sh generates is a class deriving from this one (compiled as C# 7.3, 12 and 14 alike).
    /// </summary>
    public abstract class Context
    {
        protected static readonly byte[] bytes = { (byte)'G', (byte)'E', (byte)'T' };
        protected static readonly char[] chars = { 'H', 'e', 'l', 'l', 'o' };
        protected static readonly char[] keyChars = { 'K', 'e', 'y' };
        protected static readonly string text = "na\u00efve text";
        protected static readonly IBufferWriter<byte> bufferWriter = new ArrayPoolBufferWriter<byte>();
        protected static readonly int id = 7;
        protected static readonly int count = 3;
        protected static readonly DateTime time = new DateTime(2026, 11, 25, 17, 0, 0, DateTimeKind.Utc);
        protected static readonly double elapsed = 1.5;
        protected static readonly List<string> tags = new List<string> { "a", "b" };
        protected static readonly string user = "jos\u00e9";
        protected static readonly Socket socket = new Socket();
        protected static readonly PipeWriter pipeWriter = new Pipe().Writer;
        protected static readonly Guid messageId = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e");
        protected static readonly Guid userId = messageId;
        protected static readonly CancellationToken cancellationToken = CancellationToken.None;
        protected static readonly string logPath = "log.tsv";
        protected static readonly string copyPath = "copy.tsv";

        /// <summary>A line of bytes: " v\r\n".</summary>
        protected static ReadOnlySpan<byte> line => new byte[] { (byte)' ', (byte)'v', (byte)'\r', (byte)'\n' };

        /// <summary>An HTTP method as bytes.</summary>
        protected static ReadOnlySpan<byte> method => bytes;

        protected static void Send(ReadOnlySpan<byte> data)
        {
        }

        protected static void Emit(ReadOnlySpan<byte> data)
        {
        }

        protected static void AppendTail(ref ValueStringBuilder builder) => builder.Append(" ok");
    }

    /// <summary>Stands in for System.Net.Sockets.Socket, whose Send(ReadOnlySpan&lt;byte&gt;) netstandard2.0 lacks.</summary>
    public sealed class Socket
    {
        public int Send(ReadOnlySpan<byte> data) => data.Length;
    }

    /// <summary>The row handler the TSV examples pass to ReadRowsAsync.</summary>
    public struct MyHandler : ITsvRowHandler
    {
        public long Rows;

        public void OnRow(in TsvRow row) => Rows++;
    }
}
