using Xunit;

namespace FastText.Tests.Infrastructure;

/// <summary>A fact that needs guard pages; skipped, with the reason, where the OS cannot make them.</summary>
public sealed class GuardedFactAttribute : FactAttribute
{
    public GuardedFactAttribute()
    {
        if (!GuardedBuffer.IsSupported)
        {
            Skip = GuardedBuffer.SkipReason;
        }
    }
}
