using System.Globalization;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// The builders' StringBuilder-shaped members allocate nothing beyond what the builders rent (and return): the joins, Insert(index, value,
/// count), the indexer, and the UTF-8 AppendFormat with formats, alignments and non-ASCII text, into a stack buffer
/// that is outgrown, measured once the code is optimized and the pool warm. (On netstandard2.0 a non-empty item
/// format becomes a string, as the char builder's AppendFormat documents there, so this runs against net8.0.)
/// </summary>
[Collection(nameof(ValueStringBuilderAllocationCollection))]
public class BuilderJoinFormatAllocationTests
{
    private static readonly string?[] Words = { "alpha", null, "bêta", "\U0001F600", "" };
    private static readonly int[] Numbers = { 1, -22, 333, int.MinValue };
    private static readonly object?[] Boxed = { 1, "two", null, 3.5 };

    [Fact]
    public void The_char_builder_members_allocate_nothing()
    {
        WithInvariantCulture(() =>
        {
            Assert.Equal(CharReference(), CharRunToString());
            Assert.Equal(0, SteadyStateAllocation(CharRun));
        });
    }

    [Fact]
    public void The_utf8_builder_members_allocate_nothing()
    {
        WithInvariantCulture(() =>
        {
            Assert.Equal(Encoding.UTF8.GetBytes(Utf8Reference()), Utf8RunToArray());
            Assert.Equal(0, SteadyStateAllocation(Utf8Run));
        });
    }

    private static string CharReference()
    {
        var reference = new StringBuilder();
        reference.Append(string.Join(",", Words)).Append(string.Join(", ", Words)).Append(string.Join(";", Numbers)).Append(string.Join("|", Boxed));
        reference.Insert(3, "ab", 40);
        reference[0] = 'Z';
        return reference.ToString();
    }

    private static int CharRun()
    {
        var b = new ValueStringBuilder(stackalloc char[16]);
        CharAppend(ref b);
        int length = b.Length + b[1];
        b.Dispose();
        return length;
    }

    private static string CharRunToString()
    {
        var b = new ValueStringBuilder(stackalloc char[16]);
        CharAppend(ref b);
        string text = b.ToString();
        b.Dispose();
        return text;
    }

    private static void CharAppend(ref ValueStringBuilder b)
    {
        b.AppendJoin(',', Words);
        b.AppendJoin(", ", Words);
        b.AppendJoin(';', Numbers);
        b.AppendJoin('|', Boxed);
        b.Insert(3, "ab", 40);
        b[0] = 'Z';
    }

    private static string Utf8Reference() =>
        string.Join(",", Words) + string.Join(", ", Words) + string.Join(";", Numbers) + string.Join("|", Boxed)
        + string.Format("[{0,6}|{1,-9:F2}|{2:X8}]", "é\U0001F600", 1234.5, 255) + string.Format("{0:D5}", 42);

    private static int Utf8Run()
    {
        var b = new Utf8ValueStringBuilder(stackalloc byte[16]);
        Utf8Append(ref b);
        int length = b.Length;
        b.Dispose();
        return length;
    }

    private static byte[] Utf8RunToArray()
    {
        var b = new Utf8ValueStringBuilder(stackalloc byte[16]);
        Utf8Append(ref b);
        byte[] bytes = b.ToArray();
        b.Dispose();
        return bytes;
    }

    private static void Utf8Append(ref Utf8ValueStringBuilder b)
    {
        b.AppendJoin(',', Words);
        b.AppendJoin(", ", Words);
        b.AppendJoin(';', Numbers.AsSpan());
        b.AppendJoin('|', Boxed);
        b.AppendFormat("[{0,6}|{1,-9:F2}|{2:X8}]", "é\U0001F600", 1234.5, 255);
        b.AppendFormat("{0:D5}", 42);
    }

    private static void WithInvariantCulture(Action action)
    {
        CultureInfo saved = CultureInfo.CurrentCulture;
        CultureInfo.CurrentCulture = CultureInfo.InvariantCulture;
        try
        {
            action();
        }
        finally
        {
            CultureInfo.CurrentCulture = saved;
        }
    }

    // The suite's one steady-state measure: a budget of CPU time for the tiered JIT, which emulated ARM64 needs.
    private static long SteadyStateAllocation(Func<int> run) => ValueStringBuilderAllocationTests.SteadyStateAllocation(run);
}
