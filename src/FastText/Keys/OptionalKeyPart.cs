using System;

namespace FastText;

/// <summary>A nullable value part: null omits the part's segment (see <see cref="KeyShape"/> for which literal goes with it).</summary>
internal sealed class OptionalKeyPart<T> : KeyPart<T?>
    where T : struct
{
    private readonly KeyPart<T> _inner;

    internal OptionalKeyPart(KeyPart<T> inner)
        : base(inner.Name) => _inner = inner;

    internal override KeyPart<T?> WithFormat(string format) => new OptionalKeyPart<T>(_inner.WithFormat(format));

    internal override int Measure(T? value, out int plan)
    {
        if (value.HasValue)
        {
            if (_inner.FixedLength >= 0)
            {
                plan = 0;
                return _inner.FixedLength;
            }

            return _inner.Measure(value.GetValueOrDefault(), out plan);
        }

        plan = 0;
        return -1;
    }

    internal override void Write(T? value, int plan, Span<char> destination) =>
        _inner.Write(value.GetValueOrDefault(), plan, destination);
}
