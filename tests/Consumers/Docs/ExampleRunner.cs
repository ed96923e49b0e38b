using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Threading.Tasks;

namespace DocExamples
{
    /// <summary>One C# block of the documentation: where it is, what it prints, and how to run it.</summary>
    public sealed class DocExample
    {
        public DocExample(string doc, int line, int outputLine, string expectedOutput, Func<Task> run)
        {
            Doc = doc;
            Line = line;
            OutputLine = outputLine;
            ExpectedOutput = expectedOutput;
            Run = run;
        }

        /// <summary>The doc's path from the repository root.</summary>
        public string Doc { get; }

        /// <summary>The line of the block's opening fence.</summary>
        public int Line { get; }

        /// <summary>The line of its "// Output:" comment; the expected lines follow it.</summary>
        public int OutputLine { get; }

        /// <summary>What it must print: the lines after "// Output:", each ending with "\n".</summary>
        public string ExpectedOutput { get; }

        public Func<Task> Run { get; }
    }

    /// <summary>
    /// Runs the documentation's examples (eng/doc-examples.sh generates them and their <c>Catalog</c>) and compares
    /// what each prints with the lines its doc shows after "// Output:". The same code runs them in every
    /// configuration: the net8.0 and net10.0 projects are programs whose entry point is <see cref="Main"/>; the net48
    /// app on Mono (tests/Consumer.Net48) calls <see cref="Run"/> with the C# 7.3 project's catalog.
    /// </summary>
    public static class ExampleRunner
    {
        /// <summary>Runs every example of this project; exit code 1 when one failed. The argument names the configuration.</summary>
        public static int Main(string[] args)
        {
            return Run(Catalog.All(), Console.Out, args.Length > 0 ? args[0] : "this configuration") == 0 ? 0 : 1;
        }

        /// <summary>
        /// Runs each example with standard output captured, in an empty working folder of its own (examples write
        /// their input files there) and with the invariant culture as the current one, so that 1.5 prints as the
        /// doc shows it on every machine. Reports each failure and a closing line to <paramref name="report"/>;
        /// returns how many failed.
        /// </summary>
        public static int Run(IEnumerable<DocExample> examples, TextWriter report, string configuration)
        {
            int ran = 0, failed = 0;
            foreach (DocExample example in examples)
            {
                ran++;
                string actual = Capture(example, out string error);
                string verdict = error.Length > 0 ? "it threw " + error : Compare(example, actual);
                if (verdict.Length > 0)
                {
                    failed++;
                    report.WriteLine("  FAIL " + example.Doc + ":" + example.Line + " (" + configuration + "): " + verdict);
                    report.WriteLine("    it printed:");
                    foreach (string line in Lines(actual))
                    {
                        report.WriteLine("    // " + line);
                    }
                }
            }

            report.WriteLine(failed == 0
                ? "  documentation examples, " + configuration + ": " + ran + " ran and printed what their docs show"
                : "  documentation examples, " + configuration + ": " + failed + " of " + ran + " did not print what their docs show" +
                  " (the lines after a block's \"// Output:\")");
            return failed;
        }

        private static string Capture(DocExample example, out string error)
        {
            error = "";
            TextWriter original = Console.Out;
            string originalDirectory = Environment.CurrentDirectory;
            CultureInfo originalCulture = CultureInfo.CurrentCulture;
            string folder = Path.Combine(Path.GetTempPath(), "fasttext-doc-example-" + Guid.NewGuid().ToString("N"));
            var captured = new StringWriter(CultureInfo.InvariantCulture);
            Directory.CreateDirectory(folder);
            try
            {
                Environment.CurrentDirectory = folder;
                CultureInfo.CurrentCulture = CultureInfo.InvariantCulture;
                CultureInfo.DefaultThreadCurrentCulture = CultureInfo.InvariantCulture;
                Console.SetOut(captured);
                example.Run().GetAwaiter().GetResult();
            }
            catch (Exception exception)
            {
                error = exception.GetType().Name + ": " + exception.Message;
            }
            finally
            {
                Console.SetOut(original);
                CultureInfo.CurrentCulture = originalCulture;
                CultureInfo.DefaultThreadCurrentCulture = originalCulture;
                Environment.CurrentDirectory = originalDirectory;
                try
                {
                    Directory.Delete(folder, recursive: true);
                }
                catch (IOException)
                {
                    // A file an example left open: the folder is in the system's temporary folder.
                }
            }

            return captured.ToString().Replace("\r\n", "\n");
        }

        /// <summary>"" when <paramref name="actual"/> is the expected output; otherwise where they part.</summary>
        private static string Compare(DocExample example, string actual)
        {
            if (actual == example.ExpectedOutput)
            {
                return "";
            }

            List<string> expectedLines = Lines(example.ExpectedOutput), actualLines = Lines(actual);
            int index = 0;
            while (index < expectedLines.Count && index < actualLines.Count && expectedLines[index] == actualLines[index])
            {
                index++;
            }

            string where = example.Doc + ":" + (example.OutputLine + 1 + index);
            if (index < expectedLines.Count && index < actualLines.Count)
            {
                return "output line " + (index + 1) + " is not the doc's (" + where + "): expected \"" +
                    expectedLines[index] + "\", got \"" + actualLines[index] + "\"";
            }

            if (index < expectedLines.Count)
            {
                return "it printed " + actualLines.Count + " lines, the doc shows " + expectedLines.Count + " (" + where + ": \"" + expectedLines[index] + "\")";
            }

            return index < actualLines.Count
                ? "it printed " + actualLines.Count + " lines, the doc shows " + expectedLines.Count + " (the next: \"" + actualLines[index] + "\")"
                : "its last line has no newline (each line of the doc's output ends with one)";
        }

        private static List<string> Lines(string text)
        {
            var lines = new List<string>(text.Split('\n'));
            if (lines.Count > 0 && lines[lines.Count - 1].Length == 0)
            {
                lines.RemoveAt(lines.Count - 1);
            }

            return lines;
        }
    }
}
