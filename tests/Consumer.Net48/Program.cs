using System;
using System.Runtime.InteropServices;
using DocExamples;
using FastText;
using FastText.Consumer;

// A .NET Framework program using the package: the documentation's C# 7.3 examples (tests/Consumers/DocsCSharp73,
// eng/doc-examples.sh), each checked against the output its doc shows, and checks of what a net48 app gets.
// Exit code 0 only when every check held.
Console.WriteLine($"consumer on {Checks.Runtime()} {RuntimeInformation.ProcessArchitecture}, FastText {typeof(AsciiText).Assembly.GetName().Version}");
var checks = new Checks();
checks.Run("System.Runtime.CompilerServices.Unsafe >= 6.0 is what loads", Dependencies.UnsafeIsAtLeastSix);
checks.Run("ASCII at every path's lengths", AsciiChecks.EveryPathLength);
checks.Run("the documentation's C# 7.3 examples print what their docs show", () =>
{
    string runtime = Checks.Runtime();
    int details = runtime.IndexOf(" (", StringComparison.Ordinal);
    string configuration = $"C# 7.3, net48 on {(details > 0 ? runtime.Substring(0, details) : runtime)} {RuntimeInformation.ProcessArchitecture}";
    int failed = ExampleRunner.Run(Catalog.All(), Console.Out, configuration);
    Checks.True(failed == 0, $"{failed} of the examples did not print what their docs show");
});
Console.WriteLine($"consumer: {checks.Passed} passed, {checks.Failed} failed");
return checks.Failed == 0 ? 0 : 1;
