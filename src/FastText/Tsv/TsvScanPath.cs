namespace FastText;

/// <summary>How <see cref="TsvLineScan"/> looks at a line: the reader takes the best one, the tests each.</summary>
internal enum TsvScanPath
{
    /// <summary>IndexOfAny from field to field (what every target can run).</summary>
    Scalar,

    /// <summary>64-byte chunks as four 128-bit compares per byte value (SSE2, ARM64 AdvSimd).</summary>
    Vector128,

    /// <summary>64-byte chunks as two 256-bit compares per byte value (AVX2).</summary>
    Vector256,

    /// <summary>64-byte chunks as one 512-bit compare per byte value (AVX-512BW): a chunk is one load.</summary>
    Vector512,
}
