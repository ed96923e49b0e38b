using System;
using System.Runtime.InteropServices;

namespace FastText.Tests.Runner;

/// <summary>
/// Ends the run on .NET Framework. Under Mono the process leaves through libc's <c>_exit</c> once the report is
/// flushed, because Mono's own shutdown aborts the threads still waiting on timers (tests that race a
/// <c>Task.Delay</c> leave some pending), and that abort intermittently crashed the runner after every test had
/// passed. Nothing is lost: the report is written and flushed, and the suite keeps no state outside the process.
/// </summary>
internal static class ProcessEnd
{
    public static int Exit(int exitCode)
    {
        Console.Out.Flush();
        Console.Error.Flush();
        if (Type.GetType("Mono.Runtime") is not null)
        {
            ExitWithoutRuntimeShutdown(exitCode);
        }

        return exitCode;
    }

    [DllImport("libc", EntryPoint = "_exit")]
    private static extern void ExitWithoutRuntimeShutdown(int status);
}
