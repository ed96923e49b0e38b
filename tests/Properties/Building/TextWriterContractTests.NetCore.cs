using System.Threading;
using FsCheck;
using FsCheck.Fluent;

namespace FastText.Tests.Building;

// The TextWriter members .NET Framework's TextWriter lacks: spans, memory, StringBuilder, cancellation tokens and
// (.NET 9 and later, from the base class) a span of format arguments.
public partial class TextWriterContractTests
{
    private static IEnumerable<Gen<WriterOp>> NetCoreOps()
    {
        Gen<CancellationToken> tokens = Gen.Frequency((6, Gen.Constant(CancellationToken.None)), (1, Gen.Constant(new CancellationToken(canceled: true))));
        Gen<StringBuilder?> builders = Gen.Frequency(
            (1, Gen.Constant<StringBuilder?>(null)),
            (4, Strings.Select(s => (StringBuilder?)new StringBuilder(s))),
            (1, Gen.Constant(0).Select(_ => (StringBuilder?)new StringBuilder().Append('x', 100).Append("é\U0001F600").Append('y', 9000))));
        yield return CharArrays.Select(a => new WriterOp($"Write(span {Show(a)})", w => w.Write(a.AsSpan())));
        yield return CharArrays.Select(a => new WriterOp($"WriteLine(span {Show(a)})", w => w.WriteLine(a.AsSpan())));
        yield return (from a in CharArrays from t in tokens select (a, t))
            .Select(x => new WriterOp($"WriteAsync(memory {Show(x.a)}, canceled {x.t.IsCancellationRequested})", w => w.WriteAsync(x.a.AsMemory(), x.t).GetAwaiter().GetResult()));
        yield return (from a in CharArrays from t in tokens select (a, t))
            .Select(x => new WriterOp($"WriteLineAsync(memory {Show(x.a)}, canceled {x.t.IsCancellationRequested})", w => w.WriteLineAsync(x.a.AsMemory(), x.t).GetAwaiter().GetResult()));
        yield return builders.Select(b => new WriterOp($"Write(StringBuilder {Show(b?.ToString())})", w => w.Write(b)));
        yield return builders.Select(b => new WriterOp($"WriteLine(StringBuilder {Show(b?.ToString())})", w => w.WriteLine(b)));
        yield return (from b in builders from t in tokens select (b, t))
            .Select(x => new WriterOp($"WriteAsync(StringBuilder {Show(x.b?.ToString())}, canceled {x.t.IsCancellationRequested})", w => w.WriteAsync(x.b, x.t).GetAwaiter().GetResult()));
        yield return (from b in builders from t in tokens select (b, t))
            .Select(x => new WriterOp($"WriteLineAsync(StringBuilder {Show(x.b?.ToString())}, canceled {x.t.IsCancellationRequested})", w => w.WriteLineAsync(x.b, x.t).GetAwaiter().GetResult()));
        yield return tokens.Select(t => new WriterOp($"FlushAsync(canceled {t.IsCancellationRequested})", w => w.FlushAsync(t).GetAwaiter().GetResult()));
        yield return (from f in FormatStrings from args in Gen.ArrayOf(Objects, 2) select (f, args))
            .Select(x => new WriterOp($"Write(\"{x.f}\", span of 2 objects)", w => w.Write(x.f, new ReadOnlySpan<object?>(x.args))));
    }
}
