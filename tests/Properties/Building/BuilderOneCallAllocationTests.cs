using System.Globalization;
using System.IO;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// The only allocation is the result: generic AppendFormat of sixteen ints (both builders, with and without a
/// provider) allocates nothing; AppendJoin of a <see cref="List{T}"/>, a <see cref="HashSet{T}"/> or an array passed
/// as <see cref="IEnumerable{T}"/> allocates nothing (no boxed enumerator); the one-call Format, Concat and Join
/// allocate exactly their string; the writers' writes allocate nothing and their ToString exactly the string.
/// Measured once the code is optimized and the pool warm (<see cref="ValueStringBuilderAllocationTests.SteadyStateAllocation(Func{int})"/>).
/// </summary>
[Collection(nameof(ValueStringBuilderAllocationCollection))]
public partial class BuilderOneCallAllocationTests
{
    // Alignments, no item formats: on netstandard2.0 an item format becomes a string (documented).
    private const string Sixteen = "{0}{1,3}{2}{3}{4}|{5}{6}{7}{8,-4}{9}{10}{11}{12}{13}{14}{15,-2}";

    private static readonly List<int> IntList = new() { 1, 22, 333, 4444, 0, 7 };
    private static readonly List<string> StringList = new() { "alpha", "", "bêta", "\U0001F600" };
    private static readonly HashSet<int> IntSet = new() { 5, 50, 500 };
    private static readonly IEnumerable<int> IntArray = new[] { 9, 99, 999 };

    [Fact]
    public void Generic_AppendFormat_of_sixteen_ints_allocates_nothing_on_either_builder()
    {
        WithInvariantCulture(() =>
        {
            int expected = 2 * SixteenText().Length + SixteenTargetSpecificText().Length;
            Assert.Equal(expected, AppendSixteen());
            Assert.Equal(0, SteadyStateAllocation(AppendSixteen));
            Assert.Equal(expected, AppendSixteenUtf8());
            Assert.Equal(0, SteadyStateAllocation(AppendSixteenUtf8));
        });
    }

    [Fact]
    public void AppendJoin_of_a_List_a_HashSet_or_an_array_as_IEnumerable_allocates_nothing()
    {
        WithInvariantCulture(() =>
        {
            string expected = string.Join(",", IntList) + string.Join(", ", StringList) + string.Join(";", IntSet) + string.Join("|", IntArray);
            Assert.Equal(expected, JoinCollectionsToString());
            Assert.Equal(0, SteadyStateAllocation(JoinCollections));
            Assert.Equal(Encoding.UTF8.GetByteCount(expected), JoinCollectionsUtf8());
            Assert.Equal(0, SteadyStateAllocation(JoinCollectionsUtf8));
        });
    }

    [Fact]
    public void Format_Concat_and_Join_allocate_only_their_string()
    {
        WithInvariantCulture(() =>
        {
            string format = ValueStringBuilder.Format(Sixteen, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
            Assert.Equal(SixteenText(), format);
            AssertAllocatesOnlyItsString(format.Length, () => ValueStringBuilder.Format(Sixteen, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16).Length);
            AssertAllocatesOnlyItsString(format.Length, () => ValueStringBuilder.Format(CultureInfo.InvariantCulture, Sixteen, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16).Length);

            string concat = ValueStringBuilder.Concat("id=", 42, ' ', true, ":", 1234567890123L, "-", (byte)7, "|", 0u, "x", (short)-3, "y", "z", 'w', 65535);
            Assert.Equal(string.Concat("id=", 42, ' ', true, ":", 1234567890123L, "-", (byte)7, "|", 0u, "x", (short)-3, "y", "z", 'w', 65535), concat);
            AssertAllocatesOnlyItsString(concat.Length, () => ValueStringBuilder.Concat("id=", 42, ' ', true, ":", 1234567890123L, "-", (byte)7, "|", 0u, "x", (short)-3, "y", "z", 'w', 65535).Length);

            string join = ValueStringBuilder.Join(", ", IntList);
            Assert.Equal(string.Join(", ", IntList), join);
            AssertAllocatesOnlyItsString(join.Length, () => ValueStringBuilder.Join(", ", IntList).Length);
            AssertAllocatesOnlyItsString(string.Join(",", StringList).Length, () => ValueStringBuilder.Join(',', StringList).Length);

            // Longer than the one-call stack buffer: growth takes the thread's spare array, which is no allocation.
            string longJoin = ValueStringBuilder.Join(',', Enumerable.Repeat(IntList, 40).SelectMany(l => l).ToList());
            List<int> many = Enumerable.Repeat(IntList, 40).SelectMany(l => l).ToList();
            AssertAllocatesOnlyItsString(longJoin.Length, () => ValueStringBuilder.Join(',', many).Length);
        });
    }

    [Fact]
    public void The_writers_allocate_nothing_to_write_and_exactly_the_string_to_read()
    {
        WithInvariantCulture(() =>
        {
            using var writer = new ValueStringWriter { NewLine = "\n" };
            using var utf8 = new Utf8ValueStringWriter { NewLine = "\n" };
            Assert.Equal(WriteMixText().Length, WriteMix(writer));
            Assert.Equal(WriteMixText(), writer.ToString());
            Assert.Equal(0, SteadyStateAllocation(() => WriteMix(writer)));
            Assert.Equal(Encoding.UTF8.GetByteCount(WriteMixText()), WriteMix(utf8));
            Assert.Equal(0, SteadyStateAllocation(() => WriteMix(utf8)));
            AssertAllocatesOnlyItsString(writer.Length, () => writer.ToString().Length);
            AssertAllocatesOnlyItsString(WriteMixText().Length, () => utf8.ToString().Length);
        });
    }

    private static string SixteenText() => string.Format(CultureInfo.InvariantCulture, Sixteen, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);

    private static int AppendSixteen()
    {
        var b = new ValueStringBuilder(stackalloc char[16]);
        b.AppendFormat(Sixteen, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
        b.AppendFormat(CultureInfo.InvariantCulture, Sixteen, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
        AppendSixteenTargetSpecific(ref b);
        int length = b.Length;
        b.Dispose();
        return length;
    }

    private static int AppendSixteenUtf8()
    {
        var b = new Utf8ValueStringBuilder(stackalloc byte[16]);
        b.AppendFormat(Sixteen, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
        b.AppendFormat(CultureInfo.InvariantCulture, Sixteen, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
        AppendSixteenTargetSpecific(ref b);
        int length = b.Length;
        b.Dispose();
        return length;
    }

    private static void JoinCollectionsInto(ref ValueStringBuilder b)
    {
        b.AppendJoin(',', IntList);
        b.AppendJoin(", ", StringList);
        b.AppendJoin(';', IntSet);
        b.AppendJoin("|", IntArray);
    }

    private static int JoinCollections()
    {
        var b = new ValueStringBuilder(stackalloc char[8]);
        JoinCollectionsInto(ref b);
        int length = b.Length;
        b.Dispose();
        return length;
    }

    private static string JoinCollectionsToString()
    {
        var b = new ValueStringBuilder(stackalloc char[8]);
        JoinCollectionsInto(ref b);
        string text = b.ToString();
        b.Dispose();
        return text;
    }

    private static int JoinCollectionsUtf8()
    {
        var b = new Utf8ValueStringBuilder(stackalloc byte[8]);
        b.AppendJoin(',', IntList);
        b.AppendJoin(", ", StringList);
        b.AppendJoin(';', IntSet);
        b.AppendJoin("|", IntArray);
        int length = b.Length;
        b.Dispose();
        return length;
    }

    private static readonly char[] Chars = "chars".ToCharArray();

    private static string WriteMixText() =>
        "text" + "x" + "chars" + "har" + "42" + "-7" + "True" + "18446744073709551615" + "line\n" + "[a|b]" + "\n" + TargetSpecificWriteText();

    private static int WriteMix(TextWriter writer)
    {
        Clear(writer);
        writer.Write("text");
        writer.Write('x');
        writer.Write(Chars);
        writer.Write(Chars, 1, 3);
        writer.Write(42);
        writer.Write(-7L);
        writer.Write(true);
        writer.Write(ulong.MaxValue);
        writer.WriteLine("line");
        writer.Write("[{0}|{1}]", "a", "b");
        writer.WriteLine();
        WriteTargetSpecific(writer);
        return writer is ValueStringWriter chars ? chars.Length : ((Utf8ValueStringWriter)writer).Length;
    }

    private static void Clear(TextWriter writer)
    {
        if (writer is ValueStringWriter chars)
        {
            chars.Clear();
        }
        else
        {
            ((Utf8ValueStringWriter)writer).Clear();
        }
    }

    /// <summary>Asserts that, once optimized, <paramref name="run"/> allocates what a string of <paramref name="length"/> chars takes and no more.</summary>
    private static void AssertAllocatesOnlyItsString(int length, Func<int> run)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        string reference = new('a', length);
        long size = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.Equal(length, reference.Length);
        Assert.Equal(size, SteadyStateAllocation(run, size));
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

    private static long SteadyStateAllocation(Func<int> run) => ValueStringBuilderAllocationTests.SteadyStateAllocation(run);

    private static long SteadyStateAllocation(Func<int> run, long target) => ValueStringBuilderAllocationTests.SteadyStateAllocation(run, target);
}
