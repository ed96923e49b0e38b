namespace FastText.Tests.Infrastructure;

/// <summary>Shrinkers for arbitraries whose generator has none of its own.</summary>
public static class Shrinks
{
    /// <summary>
    /// Shrinks a sequence by dropping elements only, never by changing one: halves, quarters, ... down to single
    /// elements. For sequences of independent steps (the builder models), every candidate is a sequence the generator
    /// could have made, so a shrunk counterexample is still a valid input, only shorter.
    /// </summary>
    public static IEnumerable<T[]> ByRemoval<T>(T[] items)
    {
        for (int size = items.Length / 2; size > 0; size /= 2)
        {
            for (int start = 0; start + size <= items.Length; start += size)
            {
                yield return items.Take(start).Concat(items.Skip(start + size)).ToArray();
            }
        }
    }
}
