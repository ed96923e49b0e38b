using System.IO;
using System.Net.Sockets;

namespace FastText.Server.Tests.Infrastructure;

/// <summary>
/// A request written by hand on a TCP socket, for what an HTTP client will not do: promise a length and send less,
/// or stop mid-body and wait with the connection open (HttpClient does not hand out the response while its request
/// body is still being sent). The response is read from the socket as it arrives.
/// </summary>
public sealed class RawHttpClient : IDisposable
{
    private readonly Socket _socket = new(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);

    private RawHttpClient()
    {
    }

    /// <summary>Connects and sends the request line, the headers (Content-Length <paramref name="declaredLength"/>) and <paramref name="body"/>.</summary>
    public static async Task<RawHttpClient> SendAsync(Uri server, string pathAndQuery, long declaredLength, ReadOnlyMemory<byte> body, bool gzip = false)
    {
        var client = new RawHttpClient();
        await client._socket.ConnectAsync(server.Host, server.Port);
        string head = $"POST {pathAndQuery} HTTP/1.1\r\nHost: {server.Authority}\r\nContent-Length: {declaredLength}\r\n" +
            (gzip ? "Content-Encoding: gzip\r\n" : "") + "\r\n";
        await client._socket.SendAsync(Encoding.ASCII.GetBytes(head));
        await client._socket.SendAsync(body);
        return client;
    }

    /// <summary>Connects and sends <c>GET <paramref name="pathAndQuery"/></c> with <c>Connection: close</c>.</summary>
    public static async Task<RawHttpClient> GetAsync(Uri server, string pathAndQuery)
    {
        var client = new RawHttpClient();
        await client._socket.ConnectAsync(server.Host, server.Port);
        await client._socket.SendAsync(Encoding.ASCII.GetBytes($"GET {pathAndQuery} HTTP/1.1\r\nHost: {server.Authority}\r\nConnection: close\r\n\r\n"));
        return client;
    }

    /// <summary>Reads until the server closes the connection into <paramref name="buffer"/>, over and over (nothing allocated per read); returns the bytes received.</summary>
    public async Task<long> DrainAsync(Memory<byte> buffer)
    {
        long total = 0;
        int read;
        while ((read = await _socket.ReceiveAsync(buffer, SocketFlags.None)) > 0)
        {
            total += read;
        }

        return total;
    }

    /// <summary>Closes the sending side: the server sees the end of the stream.</summary>
    public void EndSending() => _socket.Shutdown(SocketShutdown.Send);

    /// <summary>
    /// Everything the server sends until it closes the connection or <paramref name="timeout"/> passes (then what came),
    /// or, with <paramref name="headersOnly"/>, until the end of the response's headers.
    /// </summary>
    public async Task<string> ReceiveAsync(TimeSpan timeout, bool headersOnly = false)
    {
        using var stop = new CancellationTokenSource(timeout);
        var received = new MemoryStream();
        byte[] buffer = new byte[4096];
        try
        {
            int read;
            while ((read = await _socket.ReceiveAsync(buffer, SocketFlags.None, stop.Token)) > 0)
            {
                received.Write(buffer, 0, read);
                if (headersOnly && received.ToArray().AsSpan().IndexOf("\r\n\r\n"u8) >= 0)
                {
                    break;
                }
            }
        }
        catch (Exception exception) when (exception is SocketException or OperationCanceledException)
        {
            // A reset after the response (or instead of one), or the time is up.
        }

        return Encoding.ASCII.GetString(received.ToArray());
    }

    public void Dispose() => _socket.Dispose();
}
