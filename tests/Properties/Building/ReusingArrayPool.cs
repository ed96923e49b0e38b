using System.Buffers;
using FastText.Tests.Infrastructure;
using Xunit.Sdk;

namespace FastText.Tests.Building;

/// <summary>
/// An ArrayPool that, like the shared one, hands a returned array to the next renter (last in, first out), so a
/// stale copy of a builder meets its old array in another builder's hands. A double or foreign return fails the
/// test with <see cref="XunitException"/> (not InvalidOperationException, which the builder itself throws for a
/// stale copy, so a test cannot mistake one for the other). Returned arrays are not poisoned: a stale copy writing
/// into its old array is documented, and the properties check returns, not text.
/// </summary>
internal sealed class ReusingArrayPool : ArrayPool<char>
{
    private readonly HashSet<char[]> _outstanding = new(ReferenceIdentityComparer<char[]>.Instance);
    private readonly Stack<char[]> _free = new();

    public int Rents { get; private set; }

    public int Returns { get; private set; }

    public int Outstanding => _outstanding.Count;

    public override char[] Rent(int minimumLength)
    {
        Rents++;
        char[] array = _free.Count != 0 && _free.Peek().Length >= minimumLength
            ? _free.Pop()
            : new char[minimumLength];
        _outstanding.Add(array);
        return array;
    }

    public override void Return(char[] array, bool clearArray = false)
    {
        if (!_outstanding.Remove(array))
        {
            throw new XunitException($"An array of length {array.Length} was returned twice (or was never rented).");
        }

        Returns++;
        _free.Push(array);
    }
}
