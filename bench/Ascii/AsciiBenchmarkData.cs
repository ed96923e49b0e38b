namespace FastText.Benchmarks.Ascii;

/// <summary>Inputs shared by the ASCII benchmarks: the sizes, deterministic text.</summary>
internal static class AsciiBenchmarkData
{
    /// <summary>Tiny, one vector, just past two vectors, typical header, typical line, large, 1 MiB chars.</summary>
    /// <remarks>FASTTEXT_BENCH_LENGTHS=1000,10080 narrows a tuning run to those sizes.</remarks>
    public static readonly int[] Lengths =
        Environment.GetEnvironmentVariable("FASTTEXT_BENCH_LENGTHS") is { Length: > 0 } only
            ? only.Split(',').Select(int.Parse).ToArray()
            : [6, 16, 33, 128, 1000, 10080, 1048576];

    /// <summary>Printable ASCII (what headers, JSON keys and identifiers look like).</summary>
    public static char[] AsciiChars(int length)
    {
        var random = new Random(42);
        char[] chars = new char[length];
        for (int i = 0; i < length; i++)
        {
            chars[i] = (char)random.Next(0x20, 0x7F);
        }

        return chars;
    }

    /// <summary>The bytes of <see cref="AsciiChars"/>.</summary>
    public static byte[] AsciiBytes(int length) => AsciiChars(length).Select(c => (byte)c).ToArray();

    /// <summary>Printable ASCII with a few spaces, tabs and line ends at both ends (what Trim meets in headers and fields).</summary>
    public static char[] PaddedChars(int length)
    {
        char[] chars = AsciiChars(length);
        string padding = " \t \r\n";
        for (int i = 0; i < Math.Min(padding.Length, length / 4); i++)
        {
            chars[i] = padding[i];
            chars[length - 1 - i] = padding[i];
        }

        return chars;
    }

    /// <summary>ASCII with one non-ASCII char (2-byte, 3-byte or a surrogate pair) about every 64 chars.</summary>
    public static char[] MostlyAsciiChars(int length)
    {
        var random = new Random(43);
        string[] others = ["\u00E9", "\u20AC", "\uD83D\uDE00"];
        var builder = new System.Text.StringBuilder(length + 2);
        while (builder.Length < length)
        {
            builder.Append(random.Next(64) == 0 ? others[random.Next(others.Length)] : ((char)random.Next(0x20, 0x7F)).ToString());
        }

        // Never cut a surrogate pair: drop a trailing high surrogate.
        int end = length;
        if (char.IsHighSurrogate(builder[end - 1]))
        {
            builder[end - 1] = 'x';
        }

        return builder.ToString(0, end).ToCharArray();
    }
}
