using System;
using System.Runtime.InteropServices;
using FastText;
using FastText.Consumer;

// The README's examples as a .NET Framework program using the package. Exit code 0 only when every check held.
Console.WriteLine($"consumer on {Checks.Runtime()} {RuntimeInformation.ProcessArchitecture}, FastText {typeof(AsciiText).Assembly.GetName().Version}");
var checks = new Checks();
checks.Run("System.Runtime.CompilerServices.Unsafe >= 6.0 is what loads", Dependencies.UnsafeIsAtLeastSix);
checks.Run("ASCII", ReadmeExamples.Ascii);
checks.Run("ValueStringBuilder", ReadmeExamples.Builder);
checks.Run("key builders", ReadmeExamples.Keys);
checks.Run("TSV (span and gzipped stream)", () => ReadmeExamples.TsvAsync().GetAwaiter().GetResult());
Console.WriteLine($"consumer: {checks.Passed} passed, {checks.Failed} failed");
return checks.Failed == 0 ? 0 : 1;
