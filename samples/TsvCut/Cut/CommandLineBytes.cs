using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

namespace FastText.Samples.TsvCut;

/// <summary>
/// The program's arguments as the bytes it was started with. On Linux and macOS .NET decodes argv as UTF-8 and
/// replaces what is not valid UTF-8 with U+FFFD, so <c>-d $'\xff'</c> would arrive as a 3-byte delimiter; cut
/// treats arguments as bytes. On Linux the bytes are read back from /proc/self/cmdline (argv as the kernel holds it,
/// NUL-separated) rather than from the native argv, which .NET does not expose (glibc's copy is a private symbol,
/// and the apphost and `dotnet tsvcut.dll` put their own arguments in front). The managed arguments are the last
/// entries of that list; they are used only if each of them decodes to exactly the managed string, so an
/// unexpected layout (a launcher that rewrote argv, an unreadable /proc) falls back to the managed strings encoded
/// as UTF-8, which is what tsvcut did before and is exact for every argument that is valid UTF-8.
/// </summary>
internal static class CommandLineBytes
{
    private const string ProcCommandLine = "/proc/self/cmdline";

    public static byte[][] Get(string[] args)
    {
        byte[][]? raw = OperatingSystem.IsLinux() ? FromCommandLine(TryRead(ProcCommandLine), args) : null;
        if (raw is not null)
        {
            return raw;
        }

        var encoded = new byte[args.Length][];
        for (int i = 0; i < args.Length; i++)
        {
            encoded[i] = Encoding.UTF8.GetBytes(args[i]);
        }

        return encoded;
    }

    /// <summary>
    /// The last <paramref name="args"/>.Length entries of a NUL-separated (and NUL-terminated) argument list, or null
    /// when there are fewer or one of them does not decode to the managed argument at its place.
    /// </summary>
    internal static byte[][]? FromCommandLine(byte[]? commandLine, string[] args)
    {
        if (commandLine is null || commandLine.Length == 0 || commandLine[^1] != 0)
        {
            return null;
        }

        var entries = new List<byte[]>();
        int start = 0;
        for (int i = 0; i < commandLine.Length; i++)
        {
            if (commandLine[i] == 0)
            {
                entries.Add(commandLine.AsSpan(start, i - start).ToArray());
                start = i + 1;
            }
        }

        if (entries.Count < args.Length)
        {
            return null;
        }

        byte[][] tail = entries.GetRange(entries.Count - args.Length, args.Length).ToArray();
        for (int i = 0; i < args.Length; i++)
        {
            if (!string.Equals(Encoding.UTF8.GetString(tail[i]), args[i], StringComparison.Ordinal))
            {
                return null;
            }
        }

        return tail;
    }

    private static byte[]? TryRead(string path)
    {
        try
        {
            return File.ReadAllBytes(path);
        }
        catch (IOException)
        {
            return null;
        }
        catch (UnauthorizedAccessException)
        {
            return null;
        }
    }
}
