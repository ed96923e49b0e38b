using System.Globalization;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// The one-call methods (<c>Format</c>, <c>Concat</c>, <c>Join</c>) build their text on the stack and, when it is
/// longer, in arrays of the shared pool, since no constructor gives them a pool: every array they rent is back in
/// the shared pool, or held as the thread's spare array, when they return and when a value's formatting throws
/// (counted by <see cref="PooledArrayLedger"/> from the runtime's ArrayPool events, on a fresh thread).
/// </summary>
[Collection(nameof(PooledArrayLedgerCollection))]
public class ValueStringBuilderOneCallPoolTests
{
    /// <summary>Formats as <see cref="Text"/>, or throws from its formatting when <see cref="Throws"/>.</summary>
    public sealed record Value(string Text, bool Throws) : IFormattable
    {
        public string ToString(string? format, IFormatProvider? formatProvider) =>
            Throws ? throw new InvalidOperationException("a value that cannot be formatted") : Text;

        public override string ToString() => ToString(null, null);
    }

    /// <summary>One call: which method, the value's length (past the 256-char stack buffer or not), whether it throws.</summary>
    public sealed record Call(int Method, int Length, bool Throws)
    {
        public override string ToString() => $"Call({Methods[Method].Name}, length {Length}, throws {Throws})";
    }

    private static readonly (string Name, Func<Value, string> Run)[] Methods =
    {
        ("Format<T0>", v => ValueStringBuilder.Format("<{0}>", v)),
        ("Format<T0, T1, T2>(provider)", v => ValueStringBuilder.Format(CultureInfo.InvariantCulture, "{0}|{1}|{2}", 1, v, 2.5)),
        ("Format(object[])", v => ValueStringBuilder.Format("{0}{1}{2}{3}{4}", new object[] { "a", v, 3, 'c', v })),
        ("Concat<T0, T1, T2>", v => ValueStringBuilder.Concat("a", v, 42)),
        ("Join(string, object[])", v => ValueStringBuilder.Join(", ", new object[] { "x", v, "y" })),
        ("Join<T>(char, IEnumerable<T>)", v => ValueStringBuilder.Join(';', (IEnumerable<Value>)new[] { v, v, v })),
    };

    public static class Calls
    {
        public static Arbitrary<Call> Arbitrary() =>
            (from method in Gen.Choose(0, Methods.Length - 1)
             from length in Gen.Frequency((1, Gen.Choose(0, 20)), (1, Gen.Choose(250, 262)), (2, Gen.Choose(263, 5000)))
             from throws in Gen.Frequency((3, Gen.Constant(false)), (1, Gen.Constant(true)))
             select new Call(method, length, throws)).ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(Calls)])]
    public void Every_array_a_one_call_rents_is_back_when_it_returns_or_throws(Call call)
    {
        var value = new Value(new string('v', call.Length), call.Throws);
        using var ledger = new PooledArrayLedger();
        FreshThread.Run(() =>
        {
            using (ledger.Track(call.ToString()))
            {
                try
                {
                    string text = Methods[call.Method].Run(value);
                    Assert.False(call.Throws, $"{call}: returned \"{text}\" although a value threw");
                    Assert.Contains(value.Text, text);
                }
                catch (InvalidOperationException) when (call.Throws)
                {
                }
            }

            ledger.Forgive(ValueStringBuilder.SpareArrayForTests);
        });

        ledger.AssertAllReturned();
    }
}
