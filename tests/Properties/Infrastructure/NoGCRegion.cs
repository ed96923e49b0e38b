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

    /// <summary>
    /// Ends a region <see cref="TryStart"/> started; false when a collection ended it early (another test's
    /// GC.Collect, or the budget ran out), so a measurement taken inside it may be shifted and should be repeated.
    /// </summary>
    /// <remarks>
    /// The region must be ended even then: the runtime keeps it "in progress" until EndNoGCRegion is called, and the
    /// next TryStart in the process would throw. GCSettings.LatencyMode is not a reliable test of that state.
    /// </remarks>
    public static bool End()
    {
        try
        {
            GC.EndNoGCRegion();
            return true;
        }
        catch (InvalidOperationException)
        {
            return false;
        }
    }
}
