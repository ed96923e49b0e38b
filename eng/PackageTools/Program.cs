using System;
using System.IO;

namespace FastText.PackageTools;

internal static class Program
{
    private const string Usage = """
        usage:
          PackageTools filter-docs <assembly.dll> <documentation.xml>...
          PackageTools check-package <package.nupkg> <expected-repository-url> <tfm>=<declared-items.json>...
        """;

    private static int Main(string[] args)
    {
        try
        {
            return args.Length == 0 ? Fail(Usage) : args[0] switch
            {
                "filter-docs" when args.Length >= 3 => DocumentationFilter.Run(args[1], args[2..]),
                "check-package" when args.Length >= 3 => PackageCheck.Run(args[1], args[2], args[3..]),
                _ => Fail(Usage),
            };
        }
        catch (Exception exception) when (exception is IOException or InvalidDataException or BadImageFormatException or UnauthorizedAccessException)
        {
            return Fail(exception.Message);
        }
    }

    private static int Fail(string message)
    {
        Console.Error.WriteLine(message);
        return 2;
    }
}
