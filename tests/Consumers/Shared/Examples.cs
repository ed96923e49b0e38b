using System;
using System.Buffers;
using System.Text;
using FastText;

namespace FastText.Consumer
{
    /// <summary>
    /// One example per capability, written as a user on the project's C# version would write them (this file builds
    /// as C# 7.3 and as the latest C#). Each returns text the runner compares with the expected output.
    /// </summary>
    public static class Examples
    {
        public static string Ascii()
        {
            Span<byte> buffer = stackalloc byte[32];
            OperationStatus status = AsciiText.FromUtf16("Content-Type".AsSpan(), buffer, out int written);
            Span<char> lowered = stackalloc char[written];
            AsciiText.ToUtf16(buffer.Slice(0, written), lowered, out int widened);
            AsciiText.ToLowerInPlace(lowered, out _);
            return status + " " + written + " " + lowered.Slice(0, widened).ToString() + " " + AsciiText.IsValid("caf\u00e9".AsSpan());
        }

        public static string Builder(int id, double elapsed)
        {
            Span<char> initial = stackalloc char[64];
            var builder = new ValueStringBuilder(initial);
            try
            {
                builder.Append("id=");
                builder.Append(id);
                builder.Append(", took ");
                builder.Append(elapsed, "F1", System.Globalization.CultureInfo.InvariantCulture);
                // C# 7.3: this compiles to string.Format + Append(string), and the package's analyzer reports FT0001
                // here; C# 10+: the interpolated string handler formats in place. (build.sh requires FT0001 on the
                // C# 7.3 build at exactly the lines that end with the marker comment below.)
                builder.Append($" ms, next={id + 1}"); // expect FT0001
                return builder.ToString();
            }
            finally
            {
                builder.Dispose();
            }
        }

        /// <summary>An interpolated append that returns only a length: allocates nothing on C# 10+, a string before.</summary>
        public static int InterpolatedAppendLength(int id, int version)
        {
            Span<char> initial = stackalloc char[64];
            var builder = new ValueStringBuilder(initial);
            try
            {
                builder.Append($"user:{id}:v{version}"); // expect FT0001
                return builder.Length;
            }
            finally
            {
                builder.Dispose();
            }
        }

#if CSHARP10_OR_LATER
        public static string BuilderOnStackallocArgument(int id)
        {
            var builder = new ValueStringBuilder(stackalloc char[32]);   // C# 8+: stackalloc as an argument
            try
            {
                builder.Append($"id={id}");
                return builder.ToString();
            }
            finally
            {
                builder.Dispose();
            }
        }
#endif

        private static readonly KeyShape<string, Guid, int> CacheKey = KeyShape.Format("tenant:{0}:user:{1}:v{2}",
            KeyPart.Text("tenantId", KeyTextRules.None), KeyPart.Guid("userId", "N"), KeyPart.Int32("version"));

        public static string Key() => CacheKey.Build("acme", new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"), 42);

        public static string Tsv()
        {
            // Options through the With* copies: init accessors are out of reach of C# 7.3.
            ReadOnlySpan<byte> input = Encoding.UTF8.GetBytes("# a comment\n2024-01-01\t200\t/a\n2024-01-02\t404\t/b\n");
            var result = new StringBuilder();
            using (var reader = new TsvReader(new[] { 0, 2 }, TsvOptions.Default.WithSkipCommentLines(true)))
            {
                while (reader.TryReadRow(ref input, true, out TsvRow row))
                    result.Append(row.GetString(0)).Append(' ').Append(row.GetString(1)).Append(';');
            }
            return result.ToString();
        }
    }
}
