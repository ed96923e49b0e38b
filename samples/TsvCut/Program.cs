namespace FastText.Samples.TsvCut;

/// <summary>Placeholder until the TSV slicer lands.</summary>
public static class Program
{
    public static int Main() => 0;
}
