using System;

namespace FastText;

// A shape used as one part of a larger shape, so a key can have any number of parts while every value stays strongly
// typed: the part's value is a tuple of the inner shape's values. The inner shape measures once when the outer one
// measures and again when it writes (one int of plan cannot carry its per-part lengths); the write checks the two agree.

/// <summary>A <see cref="KeyShape{T1}"/> written as one part of a larger shape.</summary>
internal sealed class ShapeKeyPart<T1> : KeyPart<ValueTuple<T1>>
{
    private readonly KeyShape<T1> _shape;

    internal ShapeKeyPart(string name, KeyShape<T1> shape)
        : base(name) => _shape = shape;

    internal override int Measure(ValueTuple<T1> value, out int plan)
    {
        plan = 0;
        return _shape.Measure(value.Item1);
    }

    internal override void Write(ValueTuple<T1> value, int plan, Span<char> destination) =>
        _shape.WriteExactly(value.Item1, destination, Name);
}

/// <summary>A <see cref="KeyShape{T1, T2}"/> written as one part of a larger shape.</summary>
internal sealed class ShapeKeyPart<T1, T2> : KeyPart<(T1, T2)>
{
    private readonly KeyShape<T1, T2> _shape;

    internal ShapeKeyPart(string name, KeyShape<T1, T2> shape)
        : base(name) => _shape = shape;

    internal override int Measure((T1, T2) value, out int plan)
    {
        plan = 0;
        return _shape.Measure(value.Item1, value.Item2);
    }

    internal override void Write((T1, T2) value, int plan, Span<char> destination) =>
        _shape.WriteExactly(value.Item1, value.Item2, destination, Name);
}

/// <summary>A <see cref="KeyShape{T1, T2, T3}"/> written as one part of a larger shape.</summary>
internal sealed class ShapeKeyPart<T1, T2, T3> : KeyPart<(T1, T2, T3)>
{
    private readonly KeyShape<T1, T2, T3> _shape;

    internal ShapeKeyPart(string name, KeyShape<T1, T2, T3> shape)
        : base(name) => _shape = shape;

    internal override int Measure((T1, T2, T3) value, out int plan)
    {
        plan = 0;
        return _shape.Measure(value.Item1, value.Item2, value.Item3);
    }

    internal override void Write((T1, T2, T3) value, int plan, Span<char> destination) =>
        _shape.WriteExactly(value.Item1, value.Item2, value.Item3, destination, Name);
}

/// <summary>A <see cref="KeyShape{T1, T2, T3, T4}"/> written as one part of a larger shape.</summary>
internal sealed class ShapeKeyPart<T1, T2, T3, T4> : KeyPart<(T1, T2, T3, T4)>
{
    private readonly KeyShape<T1, T2, T3, T4> _shape;

    internal ShapeKeyPart(string name, KeyShape<T1, T2, T3, T4> shape)
        : base(name) => _shape = shape;

    internal override int Measure((T1, T2, T3, T4) value, out int plan)
    {
        plan = 0;
        return _shape.Measure(value.Item1, value.Item2, value.Item3, value.Item4);
    }

    internal override void Write((T1, T2, T3, T4) value, int plan, Span<char> destination) =>
        _shape.WriteExactly(value.Item1, value.Item2, value.Item3, value.Item4, destination, Name);
}

/// <summary>A <see cref="KeyShape{T1, T2, T3, T4, T5}"/> written as one part of a larger shape.</summary>
internal sealed class ShapeKeyPart<T1, T2, T3, T4, T5> : KeyPart<(T1, T2, T3, T4, T5)>
{
    private readonly KeyShape<T1, T2, T3, T4, T5> _shape;

    internal ShapeKeyPart(string name, KeyShape<T1, T2, T3, T4, T5> shape)
        : base(name) => _shape = shape;

    internal override int Measure((T1, T2, T3, T4, T5) value, out int plan)
    {
        plan = 0;
        return _shape.Measure(value.Item1, value.Item2, value.Item3, value.Item4, value.Item5);
    }

    internal override void Write((T1, T2, T3, T4, T5) value, int plan, Span<char> destination) =>
        _shape.WriteExactly(value.Item1, value.Item2, value.Item3, value.Item4, value.Item5, destination, Name);
}

/// <summary>A <see cref="KeyShape{T1, T2, T3, T4, T5, T6}"/> written as one part of a larger shape.</summary>
internal sealed class ShapeKeyPart<T1, T2, T3, T4, T5, T6> : KeyPart<(T1, T2, T3, T4, T5, T6)>
{
    private readonly KeyShape<T1, T2, T3, T4, T5, T6> _shape;

    internal ShapeKeyPart(string name, KeyShape<T1, T2, T3, T4, T5, T6> shape)
        : base(name) => _shape = shape;

    internal override int Measure((T1, T2, T3, T4, T5, T6) value, out int plan)
    {
        plan = 0;
        return _shape.Measure(value.Item1, value.Item2, value.Item3, value.Item4, value.Item5, value.Item6);
    }

    internal override void Write((T1, T2, T3, T4, T5, T6) value, int plan, Span<char> destination) =>
        _shape.WriteExactly(value.Item1, value.Item2, value.Item3, value.Item4, value.Item5, value.Item6, destination, Name);
}
