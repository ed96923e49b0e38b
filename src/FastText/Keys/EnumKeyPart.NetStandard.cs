using System;

namespace FastText;

internal sealed partial class EnumKeyPart<TEnum>
{
    private static TEnum[] DeclaredValues() => (TEnum[])Enum.GetValues(typeof(TEnum));
}
