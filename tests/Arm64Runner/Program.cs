using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using FastText.Tests.Infrastructure;
using FastText.Tests.Runner;
using Xunit.Abstractions;
using Xunit.Sdk;

// Usage: FastText.Arm64Runner [name-substring ...] [!name-substring ...]
//   no name: every test in the suite; NAME: the tests whose display name (Namespace.Class.Method(...)) contains one
//   of the NAMEs; !NAME: leave out the tests whose display name contains NAME (applied after the NAMEs).
// Exit code 0 only when at least one test ran and none failed. The run ends with the time spent per test class
// (slowest first) and the closing line "N passed, N failed, N skipped"; on Mono the process then ends without the
// runtime's shutdown (ProcessEnd.Net48.cs says why).

Assembly suite = typeof(InstructionSetReport).Assembly;
Console.WriteLine($"suite: {suite.GetName().Name}");
Console.WriteLine($"process architecture: {RuntimeInformation.ProcessArchitecture}; OS architecture: {RuntimeInformation.OSArchitecture}");
Console.WriteLine(RuntimeFacts.Describe());
Console.Write(InstructionSetReport.Describe());
Console.WriteLine(RuntimeFacts.Switches());

var diagnostics = new ConsoleDiagnosticSink();
using var framework = new XunitTestFramework(diagnostics);
using var discoverer = framework.GetDiscoverer(Reflector.Wrap(suite));

// Parallel test collections would only make emulated runs harder to read; the suite is not long.
var options = new FrameworkOptions();
options.SetValue("xunit.discovery.PreEnumerateTheories", true);
options.SetValue("xunit.execution.DisableParallelization", true);

var discovered = new DiscoverySink();
discoverer.Find(includeSourceInformation: false, discovered, options);
discovered.Finished.WaitOne();

string[] included = args.Where(arg => !arg.StartsWith("!", StringComparison.Ordinal)).ToArray();
string[] excluded = args.Where(arg => arg.StartsWith("!", StringComparison.Ordinal)).Select(arg => arg.Substring(1)).ToArray();
static bool Contains(ITestCase test, string name) => test.DisplayName.IndexOf(name, StringComparison.Ordinal) >= 0;
IReadOnlyList<ITestCase> selected = discovered.TestCases
    .Where(test => included.Length == 0 || included.Any(name => Contains(test, name)))
    .Where(test => !excluded.Any(name => Contains(test, name)))
    .ToList();
Console.WriteLine($"running {selected.Count} of {discovered.TestCases.Count} test cases");
Console.WriteLine($"FASTTEXT_PROPERTY_RUNS={Environment.GetEnvironmentVariable("FASTTEXT_PROPERTY_RUNS") ?? "(unset)"}");
var clock = System.Diagnostics.Stopwatch.StartNew();

using var executor = framework.GetExecutor(suite.GetName());
var results = new ExecutionSink();
executor.RunTests(selected, results, options);
results.Finished.WaitOne();

Console.WriteLine("time per test class (s, slowest first):");
foreach (KeyValuePair<string, decimal> entry in results.ClassTimes.OrderByDescending(entry => entry.Value))
{
    Console.WriteLine($"  {entry.Value,8:0.0} {entry.Key}");
}

Console.WriteLine($"tests ran in {clock.Elapsed.TotalSeconds:0} s");
Console.WriteLine($"{results.Passed} passed, {results.Failed} failed, {results.Skipped} skipped");
return ProcessEnd.Exit(results.Failed == 0 && results.Passed > 0 ? 0 : 1);
