using System;
using System.Text;

namespace FastText.Internal;

/// <summary>The non-ASCII remainder of UTF-8 encoding goes to the runtime's encoder, which defines the exact output.</summary>
internal static partial class Utf8Fallback
{
    // Encoding.UTF8 replaces lone surrogates with U+FFFD rather than throwing; that is the behaviour we promise.
    private static readonly Encoding Utf8 = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: false);

    public static Encoding Encoding => Utf8;
}
