namespace FastText.Tests.Infrastructure;

/// <summary>GC.TryStartNoGCRegion where the runtime has it.</summary>
internal static class NoGCRegion
{
    /// <summary>
    /// Starts a no-GC region of <paramref name="totalSize"/> bytes; false when none was started. Mono throws
    /// NotImplementedException here. Its per-thread allocation counter is not shifted by a collection the way
    /// CoreCLR's allocation contexts are, so a measurement without the region is still exact there.
    /// </summary>
    public static bool TryStart(long totalSize)
    {
        try
        {
            return GC.TryStartNoGCRegion(totalSize);
        }
        catch (NotImplementedException)
        {
            return false;
        }
    }
}
