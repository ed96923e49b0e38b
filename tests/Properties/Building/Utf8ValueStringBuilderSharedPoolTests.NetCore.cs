using System.Threading.Tasks;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// A UTF-8 builder keeps nothing on the thread: every array it rents from <c>ArrayPool&lt;byte&gt;.Shared</c> while
/// growing is back there after Dispose, as a server that audits each request's rents expects (counted by
/// <see cref="PooledArrayLedger"/> from the runtime's ArrayPool events).
/// </summary>
[Collection(nameof(PooledArrayLedgerCollection))]
public class Utf8ValueStringBuilderSharedPoolTests
{
    [Theory]
    [InlineData(0, 300)]
    [InlineData(256, 300)]
    [InlineData(256, 5000)]
    [InlineData(16, 17)]
    public async Task Every_array_a_growing_builder_rents_is_back_in_the_shared_pool(int bufferLength, int textLength)
    {
        string text = new('x', textLength);
        using var ledger = new PooledArrayLedger();
        using (ledger.Track($"buffer {bufferLength}, text {textLength}"))
        {
            await Task.Run(() =>
            {
                for (int pass = 0; pass < 3; pass++)
                {
                    var builder = new Utf8ValueStringBuilder(new byte[bufferLength]);
                    builder.Append(text);
                    Assert.Equal(textLength, builder.Length);
                    builder.Dispose();
                }
            });
        }

        Assert.True(ledger.Rentals > 0, "the builder rented nothing: the ledger would see nothing either");
        await ledger.AssertAllReturnedAsync(TimeSpan.FromSeconds(5));
    }
}
