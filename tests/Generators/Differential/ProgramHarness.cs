using System.Runtime.CompilerServices;
using System.Threading;

namespace FastText.Generators.Tests.Differential;

// What the random programs (RandomProgram) call to run their KeyShape calls and log the outcome: compiled once, here,
// and referenced by every program, so that a program is only its own shapes and calls. Public, for the programs.

/// <summary>A Build call site.</summary>
public delegate string BuildSite();

/// <summary>A TryFormat call site.</summary>
public delegate bool CharSite(Span<char> destination, out int written);

/// <summary>A TryFormatUtf8 call site.</summary>
public delegate bool ByteSite(Span<byte> destination, out int written);

/// <summary>Runs call sites and logs what they return, write and throw.</summary>
public static class Harness
{
    public static int Length(string? text) => text?.Length ?? 0;

    /// <summary>An exception as the transcript shows it: its type and message, and its inner exceptions'.</summary>
    public static string Describe(Exception exception) =>
        exception.GetType().FullName + ": " + exception.Message + (exception.InnerException is { } inner ? " <- " + Describe(inner) : string.Empty);

    public static void Line(StringBuilder log, string name, Func<string> value)
    {
        log.Append(name).Append(' ');
        try
        {
            log.AppendLine(value());
        }
        catch (Exception e)
        {
            log.AppendLine(Describe(e));
        }
    }

    public static void Build(StringBuilder log, string name, BuildSite site, bool onThread) =>
        Run(onThread, () => Line(log, name, () => site()));

    /// <summary>The site at every destination length up to <paramref name="bound"/>: the result, the count, the key
    /// (once, then again only when it changes) and whatever was written outside it.</summary>
    public static void Chars(StringBuilder log, string name, int bound, CharSite site, bool onThread) => Run(onThread, () =>
    {
        log.Append(name).Append(' ');
        char[] buffer = new char[bound];
        string? previous = null;
        for (int length = 0; length <= bound; length++)
        {
            Span<char> destination = buffer.AsSpan(0, length);
            destination.Fill('#');
            bool done;
            int written;
            try
            {
                done = site(destination, out written);
            }
            catch (Exception e)
            {
                log.Append('@').Append(length).Append(' ').Append(Describe(e));
                break;
            }

            log.Append(done ? 'T' : 'F').Append(written);
            int end = done ? Math.Clamp(written, 0, length) : 0;
            if (done)
            {
                string key = destination.Slice(0, end).ToString();
                if (key != previous)
                {
                    log.Append('"').Append(key).Append('"');
                    previous = key;
                }
            }

            if (destination.Slice(end).IndexOfAnyExcept('#') >= 0)
            {
                log.Append(" wrote:").Append(destination.ToString());
            }

            log.Append(';');
        }

        log.AppendLine();
    });

    /// <summary>The site at every destination length up to <paramref name="bound"/>: the result, the count and, on
    /// success, the bytes (once, then again only when they change); a destination too short may hold anything, as
    /// TryFormatUtf8 documents.</summary>
    public static void Bytes(StringBuilder log, string name, int bound, ByteSite site, bool onThread) => Run(onThread, () =>
    {
        log.Append(name).Append(' ');
        byte[] buffer = new byte[bound];
        string? previous = null;
        for (int length = 0; length <= bound; length++)
        {
            Span<byte> destination = buffer.AsSpan(0, length);
            destination.Fill(0xEE);
            bool done;
            int written;
            try
            {
                done = site(destination, out written);
            }
            catch (Exception e)
            {
                log.Append('@').Append(length).Append(' ').Append(Describe(e));
                break;
            }

            log.Append(done ? 'T' : 'F').Append(written);
            if (done)
            {
                string key = Convert.ToHexString(destination.Slice(0, Math.Clamp(written, 0, length)));
                if (key != previous)
                {
                    log.Append(' ').Append(key);
                    previous = key;
                }
            }

            log.Append(';');
        }

        log.AppendLine();
    });

    /// <summary>Runs <paramref name="action"/> here, or on a new thread (where a [ThreadStatic] field is null).</summary>
    private static void Run(bool onThread, Action action)
    {
        if (!onThread)
        {
            action();
            return;
        }

        var thread = new Thread(() => action());
        thread.Start();
        thread.Join();
    }
}

/// <summary>What a static initializer that calls a shape keeps: its result, or the exception's description.</summary>
public static class Probe
{
    public static string Run(Func<string> call)
    {
        try
        {
            return call();
        }
        catch (Exception e)
        {
            return Harness.Describe(e);
        }
    }

    public static string Chars(bool done, int written, Span<char> destination) =>
        done + " " + written + " " + (done ? destination.Slice(0, written).ToString() : string.Empty);

    public static string Bytes(bool done, int written, Span<byte> destination) =>
        done + " " + written + " " + (done ? Convert.ToHexString(destination.Slice(0, written)) : string.Empty);
}

/// <summary>A field taken by <c>in</c> without the keyword, and written through.</summary>
public static class Refs
{
    public static ref T Writable<T>(in T value) => ref Unsafe.AsRef(in value);
}
