namespace FastText.Tests.Runner;

/// <summary>Ends the run on .NET: the runtime's own shutdown, which waits on nothing the suite leaves behind.</summary>
internal static class ProcessEnd
{
    public static int Exit(int exitCode) => exitCode;
}
