using System;
using System.Collections.Generic;
using FastText.Internal;

namespace FastText;

/// <summary>
/// The column names of a TSV input's header line (<see cref="TsvOptions.HasHeader"/>), decoded from UTF-8, with a
/// name-to-index lookup. A header with duplicate names is refused unless <see cref="TsvOptions.AllowDuplicateColumnNames"/>
/// (or the reader selects by index); when allowed they are kept in <see cref="Names"/>, and a lookup by name finds the
/// first column with that name (use <see cref="IndicesOf"/> for all of them). Names are compared ordinally, byte for byte.
/// </summary>
public sealed class TsvHeader
{
    private readonly string[] _names;
    private readonly Dictionary<string, int> _firstIndexOf;

    internal TsvHeader(ReadOnlySpan<byte> line, byte separator)
    {
        // Decoded from a private copy: the caller's buffer may change meanwhile, and the runtime's decoder refuses
        // bytes that change between its measuring and its decoding.
        byte[] copy = line.ToArray();
        var names = new List<string>();
        var fields = new TsvFieldEnumerator(copy, separator);
        while (fields.MoveNext())
        {
            names.Add(TsvText.Decode(fields.Current));
        }

        _names = names.ToArray();
        _firstIndexOf = new Dictionary<string, int>(_names.Length, StringComparer.Ordinal);
        for (int i = _names.Length - 1; i >= 0; i--)
        {
            _firstIndexOf[_names[i]] = i;
        }
    }

    /// <summary>The names in file order (an empty header line has one empty name).</summary>
    public IReadOnlyList<string> Names => _names;

    /// <summary>The number of columns the header names.</summary>
    public int Count => _names.Length;

    /// <summary>The 0-based file index of the first column named <paramref name="name"/>.</summary>
    /// <param name="name">The column name.</param>
    /// <exception cref="KeyNotFoundException">No column has that name.</exception>
    public int this[string name]
    {
        get
        {
            int index = IndexOf(name);
            if (index < 0)
            {
                ThrowNoSuchColumn(name);
            }

            return index;
        }
    }

    /// <summary>The 0-based file index of the first column named <paramref name="name"/>, or -1.</summary>
    /// <param name="name">The column name.</param>
    /// <returns>The index, or -1 when no column has that name.</returns>
    public int IndexOf(string name)
    {
        if (name is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(name));
        }

        return _firstIndexOf.TryGetValue(name, out int index) ? index : -1;
    }

    /// <summary>Every 0-based file index of a column named <paramref name="name"/>, in file order (empty when none).</summary>
    /// <param name="name">The column name.</param>
    /// <returns>A new array of indices.</returns>
    public int[] IndicesOf(string name)
    {
        if (name is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(name));
        }

        var indices = new List<int>();
        for (int i = 0; i < _names.Length; i++)
        {
            if (string.Equals(_names[i], name, StringComparison.Ordinal))
            {
                indices.Add(i);
            }
        }

        return indices.ToArray();
    }

    /// <summary>The first repeated name: the lowest index that repeats an earlier name, and that earlier one's index.</summary>
    internal bool TryFindDuplicate(out int first, out int second)
    {
        for (int i = 0; i < _names.Length; i++)
        {
            int firstIndex = _firstIndexOf[_names[i]];
            if (firstIndex != i)
            {
                first = firstIndex;
                second = i;
                return true;
            }
        }

        first = -1;
        second = -1;
        return false;
    }

    private static void ThrowNoSuchColumn(string name) =>
        throw new KeyNotFoundException(TsvFormatException.Format("The header has no column named '{0}'.", name));
}
