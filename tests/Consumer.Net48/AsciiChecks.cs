using System;
using System.Text;

namespace FastText.Consumer;

/// <summary>The package's ASCII operations on lengths that reach every internal path, as the installed package runs them.</summary>
internal static class AsciiChecks
{
    /// <summary>
    /// Lengths around every vector width and the 4-chars-per-ulong step, with a non-ASCII char at every index: the
    /// internal paths (and their Unsafe.Add offsets) all run, whichever the runtime picks.
    /// </summary>
    public static void EveryPathLength()
    {
        for (int length = 0; length <= 80; length++)
        {
            string ascii = new('a', length);
            byte[] narrow = new byte[length];
            Checks.Equal(System.Buffers.OperationStatus.Done, AsciiText.FromUtf16(ascii.AsSpan(), narrow, out int narrowed), $"Narrow({length})");
            Checks.Equal(ascii, Encoding.ASCII.GetString(narrow, 0, narrowed), $"Narrow({length}) output");
            for (int bad = 0; bad < length; bad++)
            {
                string withBad = ascii.Substring(0, bad) + "\u00E9" + ascii.Substring(bad + 1);
                Checks.Equal(bad, AsciiText.IndexOfNonAscii(withBad.AsSpan()), $"IndexOfNonAscii({length}, bad at {bad})");
            }
        }

        var writer = new CommunityToolkit.HighPerformance.Buffers.ArrayPoolBufferWriter<byte>();
        string text = "na\u00EFve \uD800 text";
        AsciiText.EncodeUtf8(text.AsSpan(), writer);
        Checks.Equal(Convert.ToBase64String(Encoding.UTF8.GetBytes(text)), Convert.ToBase64String(writer.WrittenSpan.ToArray()), "EncodeUtf8 of a lone surrogate");
        writer.Dispose();
    }
}
