namespace FastText.Tests.Tsv;

public partial class TsvParseConcurrentMutationTests
{
    static partial void ReadEveryTypeOfThisBuild(TsvRow row, int column)
    {
        _ = row.TryParse<int>(column, out _);
        _ = row.TryParse<long>(column, out _);
        _ = row.TryParse<short>(column, out _);
        _ = row.TryParse<sbyte>(column, out _);
        _ = row.TryParse<byte>(column, out _);
        _ = row.TryParse<ushort>(column, out _);
        _ = row.TryParse<uint>(column, out _);
        _ = row.TryParse<ulong>(column, out _);
        _ = row.TryParse<double>(column, out _);
        _ = row.TryParse<float>(column, out _);
        _ = row.TryParse<decimal>(column, out _);
        _ = row.TryParseChars<bool>(column, out _);
        _ = row.TryParseChars<Guid>(column, out _);
        _ = row.TryParseChars<DateTime>(column, out _);
        _ = row.TryParseChars<DateTimeOffset>(column, out _);
        _ = row.TryParseChars<DateOnly>(column, out _);
        _ = row.TryParseChars<TimeOnly>(column, out _);
        _ = row.TryGetDateOnly(column, out _);
        _ = row.TryGetTimeOnly(column, out _);
    }
}
