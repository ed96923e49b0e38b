using Xunit;

namespace FastText.Server.Tests.Infrastructure;

/// <summary>
/// One <see cref="LoopbackService"/> for a test class whose tests include FsCheck properties: FsCheck.Xunit's property
/// runner makes the class and calls its <see cref="IAsyncLifetime.InitializeAsync"/> but never its
/// <see cref="IAsyncLifetime.DisposeAsync"/>, so a service per test would keep running (and its ledger listening to
/// every pooled array of the process) until the process ends. xUnit disposes a class fixture after the class's last test.
/// </summary>
public sealed class LoopbackServiceFixture : IAsyncLifetime
{
    public LoopbackService Service { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        Service = await LoopbackService.StartAsync();
        Service.Ledger.Arrays!.CaptureStacks = false;
    }

    public async Task DisposeAsync() => await Service.DisposeAsync();
}
