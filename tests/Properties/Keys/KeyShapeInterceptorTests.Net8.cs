using System.Linq;
using System.Text;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Keys;

/// <summary>
/// The KeyShape interceptor generator (src/FastText.Generators) in this project: its own calls of interceptable shapes
/// are intercepted (the project references the generator as the package does), and each is compared with the
/// library's method reached through a method group, which the compiler never intercepts, under every instruction-set
/// configuration the suite runs. The generator on sources of its own (what it takes, what it leaves and why, random
/// programs compiled with and without it) is tested once, in tests/Generators.
/// </summary>
public class KeyShapeInterceptorTests
{
    // Interceptable: the README's cache key; a Join with prefix and suffix; two text parts that touch, with a surrogate
    // pair right after them (Build is intercepted, TryFormatUtf8 left to the library: a pair could span the pieces).
    private static readonly KeyShape<string?, Guid, int> CacheKey = KeyShape.Format(
        "tenant:{0}:user:{1}:v{2}", KeyPart.Text("tenantId", KeyTextRules.None), KeyPart.Guid("userId", "N"), KeyPart.Int32("version"));

    private static readonly KeyShape<long, Guid, string?> Joined = KeyShape.Join(
        "/", KeyPart.Int64("n"), KeyPart.Guid("id", "b"), KeyPart.Text("t", KeyTextRules.None), prefix: "p\u00E9:", suffix: ".json");

    private static readonly KeyShape<string?, string?> Touching = KeyShape.Format(
        "{0}{1}\uD83D\uDE00", KeyPart.Text("a", KeyTextRules.None), KeyPart.Text("b", KeyTextRules.None));

    private delegate bool TryFormatUtf8<T1, T2, T3>(T1 value1, T2 value2, T3 value3, Span<byte> destination, out int bytesWritten);

    private delegate bool TryFormatChars<T1, T2, T3>(T1 value1, T2 value2, T3 value3, Span<char> destination, out int charsWritten);

    private delegate bool TryFormatChars<T1, T2>(T1 value1, T2 value2, Span<char> destination, out int charsWritten);

    /// <summary>Generated values for every shape above.</summary>
    public static class Inputs
    {
        public static Arbitrary<(string? Text, string? Other, Guid Id, long Number)> Input() =>
            (from text in KeyGenerators.Text
             from other in KeyGenerators.Text
             from id in KeyGenerators.Guid
             from number in KeyGenerators.Int64
             select (text, other, id, number)).ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(Inputs)])]
    public void Intercepted_Build_returns_what_the_library_returns((string? Text, string? Other, Guid Id, long Number) v)
    {
        Func<string?, Guid, int, string> cacheKey = CacheKey.Build;
        Func<long, Guid, string?, string> joined = Joined.Build;
        Func<string?, string?, string> touching = Touching.Build;

        Assert.Equal(cacheKey(v.Text, v.Id, (int)v.Number), CacheKey.Build(v.Text, v.Id, (int)v.Number));
        Assert.Equal(joined(v.Number, v.Id, v.Text), Joined.Build(v.Number, v.Id, v.Text));
        Assert.Equal(touching(v.Text, v.Other), Touching.Build(v.Text, v.Other));
    }

    [FastTextProperty(Arbitrary = [typeof(Inputs)])]
    public void Intercepted_TryFormatUtf8_writes_what_the_library_writes_at_every_destination_length((string? Text, string? Other, Guid Id, long Number) v)
    {
        TryFormatUtf8<string?, Guid, int> cacheKey = CacheKey.TryFormatUtf8;
        TryFormatUtf8<long, Guid, string?> joined = Joined.TryFormatUtf8;
        int needed = Encoding.UTF8.GetByteCount(CacheKey.Build(v.Text, v.Id, (int)v.Number));
        for (int length = 0; length <= needed + 1; length++)
        {
            byte[] expected = new byte[length];
            byte[] actual = new byte[length];
            bool expectedResult = cacheKey(v.Text, v.Id, (int)v.Number, expected, out int expectedWritten);
            bool actualResult = CacheKey.TryFormatUtf8(v.Text, v.Id, (int)v.Number, actual, out int actualWritten);
            Assert.Equal((expectedResult, expectedWritten), (actualResult, actualWritten));
            if (expectedResult)
            {
                Assert.Equal(expected, actual);
            }
        }

        needed = Encoding.UTF8.GetByteCount(Joined.Build(v.Number, v.Id, v.Text));
        foreach (int length in new[] { 0, needed - 1, needed, needed + 7 })
        {
            if (length < 0)
            {
                continue;
            }

            byte[] expected = new byte[length];
            byte[] actual = new byte[length];
            bool expectedResult = joined(v.Number, v.Id, v.Text, expected, out int expectedWritten);
            Assert.Equal((expectedResult, expectedWritten), (Joined.TryFormatUtf8(v.Number, v.Id, v.Text, actual, out int actualWritten), actualWritten));
            if (expectedResult)
            {
                // A destination too short may hold partial output, of any length: only a success is compared byte for byte.
                Assert.Equal(expected, actual);
            }
        }
    }

    [FastTextProperty(Arbitrary = [typeof(Inputs)])]
    public void Intercepted_TryFormat_writes_what_the_library_writes_at_every_destination_length((string? Text, string? Other, Guid Id, long Number) v)
    {
        TryFormatChars<string?, Guid, int> cacheKey = CacheKey.TryFormat;
        TryFormatChars<long, Guid, string?> joined = Joined.TryFormat;
        TryFormatChars<string?, string?> touching = Touching.TryFormat;
        int needed = CacheKey.Build(v.Text, v.Id, (int)v.Number).Length;
        for (int length = 0; length <= needed + 1; length++)
        {
            // Both destinations start alike, so "nothing written" on failure is compared too.
            char[] expected = Enumerable.Repeat('#', length).ToArray();
            char[] actual = Enumerable.Repeat('#', length).ToArray();
            bool expectedResult = cacheKey(v.Text, v.Id, (int)v.Number, expected, out int expectedWritten);
            bool actualResult = CacheKey.TryFormat(v.Text, v.Id, (int)v.Number, actual, out int actualWritten);
            Assert.Equal((expectedResult, expectedWritten), (actualResult, actualWritten));
            Assert.Equal(new string(expected), new string(actual));
        }

        needed = Joined.Build(v.Number, v.Id, v.Text).Length;
        foreach (int length in new[] { 0, needed - 1, needed, needed + 7 })
        {
            if (length < 0)
            {
                continue;
            }

            char[] expected = Enumerable.Repeat('#', length).ToArray();
            char[] actual = Enumerable.Repeat('#', length).ToArray();
            bool expectedResult = joined(v.Number, v.Id, v.Text, expected, out int expectedWritten);
            Assert.Equal((expectedResult, expectedWritten), (Joined.TryFormat(v.Number, v.Id, v.Text, actual, out int actualWritten), actualWritten));
            Assert.Equal(new string(expected), new string(actual));
        }

        needed = Touching.Build(v.Text, v.Other).Length;
        foreach (int length in new[] { needed - 1, needed })
        {
            if (length < 0)
            {
                continue;
            }

            char[] expected = new char[length];
            char[] actual = new char[length];
            bool expectedResult = touching(v.Text, v.Other, expected, out int expectedWritten);
            Assert.Equal((expectedResult, expectedWritten), (Touching.TryFormat(v.Text, v.Other, actual, out int actualWritten), actualWritten));
            Assert.Equal(new string(expected), new string(actual));
        }
    }

    [Fact]
    public void This_projects_calls_were_intercepted()
    {
        // The generated class is file-local: its metadata name is the file's marker, then "__KeyShapeInterceptors".
        Type interceptors = typeof(KeyShapeInterceptorTests).Assembly.GetTypes().Single(t => t.Name.EndsWith("__KeyShapeInterceptors", StringComparison.Ordinal));
        string[] methods = interceptors.GetMethods(System.Reflection.BindingFlags.Static | System.Reflection.BindingFlags.NonPublic)
            .Where(m => m.Name.Contains('_', StringComparison.Ordinal))
            .Select(m => m.Name.Substring(0, m.Name.IndexOf('_', StringComparison.Ordinal)) + ":" + m.GetParameters()[0].ParameterType.Name + string.Join(",", m.GetParameters()[0].ParameterType.GenericTypeArguments.Select(a => a.Name)))
            .ToArray();
        Assert.Contains("Build:KeyShape`3String,Guid,Int32", methods);
        Assert.Contains("TryFormatUtf8:KeyShape`3String,Guid,Int32", methods);
        Assert.Contains("Build:KeyShape`3Int64,Guid,String", methods);
        Assert.Contains("TryFormatUtf8:KeyShape`3Int64,Guid,String", methods);
        Assert.Contains("Build:KeyShape`2String,String", methods);
        Assert.Contains("TryFormat:KeyShape`3String,Guid,Int32", methods);
        Assert.Contains("TryFormat:KeyShape`3Int64,Guid,String", methods);
        Assert.Contains("TryFormat:KeyShape`2String,String", methods);
        Assert.DoesNotContain("TryFormatUtf8:KeyShape`2String,String", methods);
    }
}
