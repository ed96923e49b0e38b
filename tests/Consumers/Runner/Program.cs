extern alias AsciiOnly;
extern alias CSharp73;
extern alias Latest;

using System;
using System.Collections.Generic;

// The consumers were built from the packed .nupkg; their examples must produce the documented results.
var expected = new Dictionary<string, string>
{
    ["Ascii"] = "Done 12 content-type False",
    ["Builder"] = "id=7, took 1.5 ms, next=8",
    ["Key"] = "tenant:acme:user:0f8fad5bd9cb469fa16570867728950e:v42",
    ["Tsv"] = "2024-01-01 /a;2024-01-02 /b;",
    ["BuilderOnStackallocArgument"] = "id=7",
    ["AsciiOnly"] = "True False",
};
var actual = new List<(string Consumer, string Example, string Text)>
{
    ("C# 7.3", "Ascii", CSharp73::FastText.Consumer.Examples.Ascii()),
    ("C# 7.3", "Builder", CSharp73::FastText.Consumer.Examples.Builder(7, 1.5)),
    ("C# 7.3", "Key", CSharp73::FastText.Consumer.Examples.Key()),
    ("C# 7.3", "Tsv", CSharp73::FastText.Consumer.Examples.Tsv()),
    ("latest C#", "Ascii", Latest::FastText.Consumer.Examples.Ascii()),
    ("latest C#", "Builder", Latest::FastText.Consumer.Examples.Builder(7, 1.5)),
    ("latest C#", "Key", Latest::FastText.Consumer.Examples.Key()),
    ("latest C#", "Tsv", Latest::FastText.Consumer.Examples.Tsv()),
    ("latest C#", "BuilderOnStackallocArgument", Latest::FastText.Consumer.Examples.BuilderOnStackallocArgument(7)),
    ("C# 7.3", "AsciiOnly", AsciiOnly::FastText.Consumer.AsciiOnly.Validation.Describe("plain", "caf\u00e9")),
};
// The FT0001 analyzer's claim, measured: the same interpolated append allocates on C# 7.3 and not on C# 10+.
long csharp73Bytes = AllocatedBy(() => CSharp73::FastText.Consumer.Examples.InterpolatedAppendLength(12345, 7));
long latestBytes = AllocatedBy(() => Latest::FastText.Consumer.Examples.InterpolatedAppendLength(12345, 7));
actual.Add(("C# 7.3", "InterpolatedAppendAllocates", csharp73Bytes > 0 ? "allocates" : "no allocation"));
actual.Add(("latest C#", "InterpolatedAppendNoAllocation", latestBytes == 0 ? "no allocation" : $"{latestBytes} B"));
expected["InterpolatedAppendAllocates"] = "allocates";
expected["InterpolatedAppendNoAllocation"] = "no allocation";

int failures = 0;
foreach (var (consumer, example, text) in actual)
{
    bool ok = text == expected[example];
    failures += ok ? 0 : 1;
    Console.WriteLine($"  {(ok ? "ok  " : "FAIL")} {consumer,-9} {example}: {text}{(ok ? "" : $"  (expected {expected[example]})")}");
}
return failures == 0 ? 0 : 1;

static long AllocatedBy(Func<int> action)
{
    for (int i = 0; i < 100; i++) action();   // JIT and tiering first
    long before = GC.GetAllocatedBytesForCurrentThread();
    int total = 0;
    for (int i = 0; i < 100; i++) total += action();
    long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
    return total == 0 ? -1 : allocated;
}
