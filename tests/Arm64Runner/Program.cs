using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using FastText.Tests.Infrastructure;
using FastText.Tests.Runner;
using Xunit.Abstractions;
using Xunit.Sdk;

// Usage: FastText.Arm64Runner [name-substring ...]   (no argument: every test in the suite)
// Exit code 0 only when at least one test ran and none failed.

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

IReadOnlyList<ITestCase> selected = args.Length == 0
    ? discovered.TestCases
    : discovered.TestCases.Where(test => args.Any(name => test.DisplayName.IndexOf(name, StringComparison.Ordinal) >= 0)).ToList();
Console.WriteLine($"running {selected.Count} of {discovered.TestCases.Count} test cases");

using var executor = framework.GetExecutor(suite.GetName());
var results = new ExecutionSink();
executor.RunTests(selected, results, options);
results.Finished.WaitOne();

Console.WriteLine($"{results.Passed} passed, {results.Failed} failed, {results.Skipped} skipped");
return results.Failed == 0 && results.Passed > 0 ? 0 : 1;
