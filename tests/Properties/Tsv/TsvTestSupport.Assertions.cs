using Xunit;

namespace FastText.Tests.Tsv;

// The assertions of TsvTestSupport, apart: the fuzz harness compiles TsvTestSupport.cs without xunit.
public static partial class TsvTestSupport
{
    /// <summary>Asserts the rows read equal the reference's, in order; the message shows both lists after <paramref name="context"/>.</summary>
    public static void AssertRows(IEnumerable<string> expected, IEnumerable<string> actual, string context) =>
        Assert.True(expected.SequenceEqual(actual), $"{context}\nexpected:\n{string.Join("\n", expected)}\nactual:\n{string.Join("\n", actual)}");
}
