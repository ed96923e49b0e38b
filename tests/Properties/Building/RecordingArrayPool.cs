using System.Buffers;
using System.Runtime.CompilerServices;
using FastText.Tests.Infrastructure;

namespace FastText.Tests.Building;

/// <summary>
/// An ArrayPool that fails loudly on the bugs ValueStringBuilder must never have: returning an array twice, or
/// returning an array it did not rent (such as the caller's own buffer). Rented arrays come pre-filled with junk
/// (so reliance on zeroed memory shows) and returned arrays are poisoned (so use after return shows in the text).
/// </summary>
internal sealed class RecordingArrayPool : ArrayPool<char>
{
    public const char Junk = '\uFFFE';
    public const char Poison = '\u2620';

    private readonly HashSet<char[]> _outstanding = new(ReferenceIdentityComparer<char[]>.Instance);
    private readonly List<char[]> _returned = new();

    public int Rents { get; private set; }

    public int Returns { get; private set; }

    public List<int> RequestedLengths { get; } = new();

    public int Outstanding => _outstanding.Count;

    public bool Owns(char[] array) => _outstanding.Contains(array);

    public override char[] Rent(int minimumLength)
    {
        AssertNoWriteAfterReturn();
        RequestedLengths.Add(minimumLength);
        // Like the shared pool, hand out a little more than asked for.
        var array = new char[minimumLength == 0 ? 0 : minimumLength + (minimumLength % 7)];
        array.AsSpan().Fill(Junk);
        _outstanding.Add(array);
        Rents++;
        return array;
    }

    public override void Return(char[] array, bool clearArray = false)
    {
        if (!_outstanding.Remove(array))
        {
            throw new InvalidOperationException(
                $"Returned an array of length {array.Length} that is not outstanding: a double return or a foreign array.");
        }

        array.AsSpan().Fill(Poison);
        _returned.Add(array);
        Returns++;
    }

    /// <summary>Throws when anything wrote into an array after it came back (the poison is gone).</summary>
    public void AssertNoWriteAfterReturn()
    {
        foreach (char[] array in _returned)
        {
            int written = Array.FindIndex(array, c => c != Poison);
            if (written >= 0 && !_outstanding.Contains(array))
            {
                throw new InvalidOperationException(
                    $"An array of length {array.Length} was written at index {written} after it was returned to the pool.");
            }
        }
    }
}
