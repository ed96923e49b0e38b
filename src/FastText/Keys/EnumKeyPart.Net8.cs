using System;

namespace FastText;

internal sealed partial class EnumKeyPart<TEnum>
{
    // The generic overload: the Type-based one is not trimming/AOT-safe.
    private static TEnum[] DeclaredValues() => Enum.GetValues<TEnum>();
}
