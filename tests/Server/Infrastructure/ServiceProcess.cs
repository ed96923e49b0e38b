using System.Diagnostics;
using System.IO;
using System.Text.RegularExpressions;

namespace FastText.Server.Tests.Infrastructure;

/// <summary>
/// The sample service as a process of its own (<c>dotnet TsvService.dll</c>, next to the tests), on a loopback port
/// it reports on start: its memory is then the server's alone, not the test's, and <see cref="PeakWorkingSetBytes"/>
/// (Linux: VmHWM) is the most it ever held.
/// </summary>
public sealed partial class ServiceProcess : IAsyncDisposable
{
    private readonly Process _process;

    private ServiceProcess(Process process, Uri address)
    {
        _process = process;
        Address = address;
        Client = new HttpClient { BaseAddress = address, Timeout = TimeSpan.FromMinutes(10) };
    }

    public Uri Address { get; }

    public HttpClient Client { get; }

    public long PeakWorkingSetBytes
    {
        get
        {
            _process.Refresh();
            return _process.PeakWorkingSet64;
        }
    }

    public static async Task<ServiceProcess> StartAsync()
    {
        string service = Path.Combine(AppContext.BaseDirectory, "TsvService.dll");
        var start = new ProcessStartInfo(Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string argument in new[] { service, "--urls", "http://127.0.0.1:0" })
        {
            start.ArgumentList.Add(argument);
        }

        Process process = Process.Start(start) ?? throw new InvalidOperationException("dotnet did not start.");
        var listening = new TaskCompletionSource<Uri>(TaskCreationOptions.RunContinuationsAsynchronously);
        var output = new StringBuilder();
        process.OutputDataReceived += (_, line) =>
        {
            if (line.Data is null)
            {
                listening.TrySetException(new InvalidOperationException("The service ended before it listened:\n" + output));
                return;
            }

            lock (output)
            {
                output.AppendLine(line.Data);
            }

            Match match = ListeningLine().Match(line.Data);
            if (match.Success)
            {
                listening.TrySetResult(new Uri(match.Groups[1].Value));
            }
        };
        process.ErrorDataReceived += (_, line) =>
        {
            lock (output)
            {
                output.AppendLine(line.Data);
            }
        };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        Uri address = await listening.Task.WaitAsync(TimeSpan.FromSeconds(60));
        return new ServiceProcess(process, address);
    }

    [GeneratedRegex(@"Now listening on: (http://127\.0\.0\.1:\d+)")]
    private static partial Regex ListeningLine();

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        if (!_process.HasExited)
        {
            _process.Kill();
            await _process.WaitForExitAsync();
        }

        _process.Dispose();
    }
}
