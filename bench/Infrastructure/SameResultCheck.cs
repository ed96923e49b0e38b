using System.Collections;
using System.Reflection;
using BenchmarkDotNet.Attributes;

namespace FastText.Benchmarks.Infrastructure;

/// <summary>
/// A benchmark of a wrong answer is worthless: a class's [GlobalSetup] calls <see cref="ThrowUnlessAllAgree"/>, which
/// runs every [Benchmark] method of the class once and throws unless all methods of one category (or of the whole
/// class, without categories) return equal results. Found by reflection, so a method added later is checked too.
/// </summary>
public static class SameResultCheck
{
    /// <summary>Runs each benchmark method of <paramref name="benchmarks"/> once; throws when a category disagrees.</summary>
    /// <exception cref="InvalidOperationException">Two methods of one category returned different results.</exception>
    public static void ThrowUnlessAllAgree(object benchmarks) => ThrowUnlessAllAgree(benchmarks, outcome: null);

    /// <summary>
    /// <see cref="ThrowUnlessAllAgree(object)"/>, comparing what <paramref name="outcome"/> reads after each run (the
    /// bytes a writer left in the class's stream, say) instead of the returned values; null compares those.
    /// </summary>
    /// <exception cref="InvalidOperationException">Two methods of one category left different outcomes.</exception>
    public static void ThrowUnlessAllAgree(object benchmarks, Func<object?>? outcome)
    {
        List<IGrouping<string, MethodInfo>> categories = benchmarks.GetType()
            .GetMethods(BindingFlags.Public | BindingFlags.Instance)
            .Where(method => method.GetCustomAttribute<BenchmarkAttribute>() is not null)
            .GroupBy(method => string.Join(",", method.GetCustomAttribute<BenchmarkCategoryAttribute>()?.Categories ?? []))
            .ToList();
        if (categories.Count == 0)
        {
            throw new InvalidOperationException($"{benchmarks.GetType().Name}: no [Benchmark] method to check.");
        }

        foreach (IGrouping<string, MethodInfo> category in categories)
        {
            var results = category.Select(method => (method.Name, Result: Run(benchmarks, method, outcome))).ToList();
            if (results.Any(result => !Same(result.Result, results[0].Result)))
            {
                string each = string.Join("; ", results.Select(result => $"{result.Name} = {Describe(result.Result, results[0].Result)}"));
                throw new InvalidOperationException(
                    $"{benchmarks.GetType().Name}: the methods of category '{category.Key}' disagree (a benchmark of a wrong answer is worthless): {each}");
            }
        }

        // In the benchmark process's log, so a run shows the check happened and on how much.
        Console.WriteLine($"// SameResultCheck: {categories.Sum(category => category.Count())} methods in {categories.Count} categories agree");
    }

    private static object? Run(object benchmarks, MethodInfo method, Func<object?>? outcome)
    {
        object? result = method.Invoke(benchmarks, null);
        if (outcome is not null)
        {
            return outcome();
        }

        // Async benchmarks (the Stream and pipe drivers) return a Task<T>: compare its value.
        if (result is Task task)
        {
            task.GetAwaiter().GetResult();
            result = task.GetType().GetProperty(nameof(Task<int>.Result))?.GetValue(task);
        }

        return result;
    }

    private static bool Same(object? left, object? right) =>
        left is IStructuralEquatable structural ? structural.Equals(right, StructuralComparisons.StructuralEqualityComparer) : Equals(left, right);

    private static string Describe(object? result, object? first) => result switch
    {
        null => "null",
        byte[] bytes => $"{bytes.Length} bytes, the same as the first method's up to byte {SamePrefix(bytes, first as byte[] ?? [])}",
        string text when text.Length > 60 => $"\"{text[..60]}...\" ({text.Length} chars)",
        string text => $"\"{text}\"",
        _ => Convert.ToString(result, System.Globalization.CultureInfo.InvariantCulture) ?? "",
    };

    // A loop, not Span's CommonPrefixLength: the Mono host (net48) compiles this file too.
    private static int SamePrefix(byte[] left, byte[] right)
    {
        int length = 0;
        while (length < left.Length && length < right.Length && left[length] == right[length])
        {
            length++;
        }

        return length;
    }
}
