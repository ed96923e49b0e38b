using Xunit;

namespace FastText.Tests.Infrastructure;

/// <summary>A theory that needs guard pages; skipped, with the reason, where the OS cannot make them.</summary>
public sealed class GuardedTheoryAttribute : TheoryAttribute
{
    public GuardedTheoryAttribute()
    {
        if (!GuardedBuffer.IsSupported)
        {
            Skip = GuardedBuffer.SkipReason;
        }
    }
}
