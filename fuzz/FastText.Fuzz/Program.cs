namespace FastText.Fuzz;

/// <summary>Placeholder until the fuzz targets land (see ../README.md).</summary>
public static class Program
{
    public static int Main() => 0;
}
