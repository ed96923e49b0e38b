using System;
using System.Text;
using FastText.Internal;

namespace FastText;

// net8.0: composite formats parsed once (System.Text.CompositeFormat), UTF-8 encoded. The runtime writes a
// CompositeFormat only as chars, so the format's text goes through AppendComposite, with StringBuilder's checks first.
// The generic overloads (1 to 16 arguments) are generated: Utf8ValueStringBuilder.CompositeFormatOfT.Net8.cs.
public ref partial struct Utf8ValueStringBuilder
{
    /// <summary>Appends a pre-parsed composite format, UTF-8 encoded, as <c>string.Format(provider, format, args)</c> writes it.</summary>
    /// <param name="provider">The culture or custom formatter (an <see cref="ICustomFormatter"/> formats every item), or <see langword="null"/> for the current culture.</param>
    /// <param name="format">The parsed composite format.</param>
    /// <param name="args">The arguments.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> or <paramref name="args"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> needs more arguments than given; nothing is appended.</exception>
    public void AppendFormat(IFormatProvider? provider, CompositeFormat format, params object?[] args)
    {
        if (format is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(format));
        }

        if (args is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(args));
        }

        ValueStringBuilder.ValidateCompositeFormat(format, args.Length);
        var arguments = new ValueStringBuilder.ArrayFormatArguments(args);
        AppendComposite(provider, format.Format, in arguments);
    }
}
