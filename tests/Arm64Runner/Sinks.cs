using System;
using System.Collections.Generic;
using System.Threading;
using Xunit.Abstractions;

namespace FastText.Tests.Runner;

/// <summary>The option bag xunit asks for; the runner-utility package that normally provides it is not on our feed.</summary>
internal sealed class FrameworkOptions : ITestFrameworkDiscoveryOptions, ITestFrameworkExecutionOptions
{
    private readonly Dictionary<string, object?> _values = new(StringComparer.Ordinal);

    public TValue GetValue<TValue>(string name) => _values.TryGetValue(name, out object? value) && value is TValue typed ? typed : default!;

    public void SetValue<TValue>(string name, TValue value) => _values[name] = value;
}

internal sealed class DiscoverySink : Xunit.LongLivedMarshalByRefObject, IMessageSink
{
    private readonly List<ITestCase> _testCases = [];

    public IReadOnlyList<ITestCase> TestCases => _testCases;

    public ManualResetEvent Finished { get; } = new(initialState: false);

    public bool OnMessage(IMessageSinkMessage message)
    {
        switch (message)
        {
            case ITestCaseDiscoveryMessage discovered:
                _testCases.Add(discovered.TestCase);
                break;
            case IDiscoveryCompleteMessage:
                Finished.Set();
                break;
        }

        return true;
    }
}

/// <summary>Prints one line per test (a failure with its message and stack) and counts the outcomes.</summary>
internal sealed class ExecutionSink : Xunit.LongLivedMarshalByRefObject, IMessageSink
{
    public int Passed { get; private set; }

    public int Failed { get; private set; }

    public int Skipped { get; private set; }

    /// <summary>Seconds spent per test class, as xunit measured each test.</summary>
    public Dictionary<string, decimal> ClassTimes { get; } = new(StringComparer.Ordinal);

    public ManualResetEvent Finished { get; } = new(initialState: false);

    public bool OnMessage(IMessageSinkMessage message)
    {
        if (message is ITestResultMessage result and not ITestSkipped)
        {
            string className = result.TestClass.Class.Name;
            ClassTimes[className] = (ClassTimes.TryGetValue(className, out decimal spent) ? spent : 0) + result.ExecutionTime;
        }

        switch (message)
        {
            case ITestPassed passed:
                Passed++;
                Console.WriteLine($"  [pass] {passed.Test.DisplayName} ({passed.ExecutionTime:0.000} s)");
                break;
            case ITestFailed failed:
                Failed++;
                Console.WriteLine($"  [FAIL] {failed.Test.DisplayName}");
                for (int i = 0; i < failed.Messages.Length; i++)
                {
                    Console.WriteLine($"         {failed.ExceptionTypes[i]}: {failed.Messages[i]}");
                    Console.WriteLine(failed.StackTraces[i]);
                }

                break;
            case ITestSkipped skipped:
                Skipped++;
                Console.WriteLine($"  [skip] {skipped.Test.DisplayName}: {skipped.Reason}");
                break;
            case IErrorMessage error:
                // A fixture or class failure outside any single test: count it so the run cannot look green.
                Failed++;
                Console.WriteLine($"  [ERROR] {string.Join(" / ", error.ExceptionTypes)}: {string.Join(" / ", error.Messages)}");
                break;
            case ITestAssemblyFinished:
                Finished.Set();
                break;
        }

        return true;
    }
}

internal sealed class ConsoleDiagnosticSink : Xunit.LongLivedMarshalByRefObject, IMessageSink
{
    public bool OnMessage(IMessageSinkMessage message)
    {
        if (message is IDiagnosticMessage diagnostic)
        {
            Console.Error.WriteLine($"  [xunit] {diagnostic.Message}");
        }

        return true;
    }
}
