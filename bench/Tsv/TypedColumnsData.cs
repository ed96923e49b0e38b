using System.Globalization;
using System.Text;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// A TSV with a header and one column per type a user parses, each value written the way .NET writes it by default
/// (ToString with the invariant culture; "O" for dates): Int32, Int64, Int16, SByte, Byte, UInt16, UInt32, UInt64
/// (random over the type's range, with a random number of digits), Single and Double (shortest round-trip text of
/// random values from 10^-3 to 10^5), Decimal (money: two decimals), Boolean, DateTime (no zone, 7 fraction
/// digits), DateTimeOffset (with an offset), DateOnly, TimeOnly and Guid. The same seed gives the same bytes.
/// </summary>
public static class TypedColumnsData
{
    /// <summary>The column names, which are the types' names, in file order.</summary>
    public static readonly string[] Types =
    [
        "Int32", "Int64", "Int16", "SByte", "Byte", "UInt16", "UInt32", "UInt64", "Single", "Double", "Decimal",
        "Boolean", "DateTime", "DateTimeOffset", "DateOnly", "TimeOnly", "Guid",
    ];

    public static byte[] Generate(int rows)
    {
        var random = new Random(20261129);
        var text = new StringBuilder(rows * 240);
        text.AppendJoin('\t', Types).Append('\n');
        CultureInfo invariant = CultureInfo.InvariantCulture;
        Span<byte> guid = stackalloc byte[16];
        for (int row = 0; row < rows; row++)
        {
            long any = random.NextInt64(long.MinValue, long.MaxValue) >> random.Next(64);
            double magnitude = Math.Pow(10, random.Next(-3, 6));
            var date = new DateTime(random.NextInt64(new DateTime(2000, 1, 1).Ticks, new DateTime(2030, 1, 1).Ticks), DateTimeKind.Unspecified);
            random.NextBytes(guid);
            text.Append(((int)any).ToString(invariant)).Append('\t')
                .Append(any.ToString(invariant)).Append('\t')
                .Append(((short)any).ToString(invariant)).Append('\t')
                .Append(((sbyte)any).ToString(invariant)).Append('\t')
                .Append(((byte)any).ToString(invariant)).Append('\t')
                .Append(((ushort)any).ToString(invariant)).Append('\t')
                .Append(((uint)any).ToString(invariant)).Append('\t')
                .Append(((ulong)any).ToString(invariant)).Append('\t')
                .Append((random.NextSingle() * (float)magnitude).ToString(invariant)).Append('\t')
                .Append((random.NextDouble() * magnitude).ToString(invariant)).Append('\t')
                .Append(Math.Round((decimal)(random.NextDouble() * 100_000), 2).ToString(invariant)).Append('\t')
                .Append(random.Next(2) == 0 ? bool.TrueString : bool.FalseString).Append('\t')
                .Append(date.ToString("O", invariant)).Append('\t')
                .Append(new DateTimeOffset(date, TimeSpan.FromMinutes(30 * random.Next(-24, 25))).ToString("O", invariant)).Append('\t')
                .Append(DateOnly.FromDateTime(date).ToString("O", invariant)).Append('\t')
                .Append(TimeOnly.FromDateTime(date).ToString("HH:mm:ss", invariant)).Append('\t')
                .Append(new Guid(guid).ToString()).Append('\n');
        }

        return Encoding.UTF8.GetBytes(text.ToString());
    }
}
