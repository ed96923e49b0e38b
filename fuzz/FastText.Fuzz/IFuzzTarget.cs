using System;

namespace FastText.Fuzz;

/// <summary>
/// One capability under fuzzing. <see cref="Run"/> decodes the input into an operation, runs the real code and its
/// naive reference, and throws <see cref="FuzzMismatchException"/> on any difference, so every wrong answer is a crash.
/// </summary>
internal interface IFuzzTarget
{
    string Name { get; }

    void Run(ReadOnlySpan<byte> input);
}

internal sealed class FuzzMismatchException : Exception
{
    public FuzzMismatchException(string message)
        : base(message)
    {
    }

    public FuzzMismatchException()
    {
    }

    public FuzzMismatchException(string message, Exception innerException)
        : base(message, innerException)
    {
    }
}
