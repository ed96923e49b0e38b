using System;
using FastText;

namespace FastText.Consumer.AsciiOnly
{
    /// <summary>The whole use of FastText in this project: ASCII validation.</summary>
    public static class Validation
    {
        public static string Describe(string first, string second) =>
            AsciiText.IsValid(first.AsSpan()) + " " + AsciiText.IsValid(second.AsSpan());
    }
}
