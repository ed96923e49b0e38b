using System.Runtime.CompilerServices;

namespace FastText;

internal static partial class DecimalDigits
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Count(ulong value)
    {
        // netstandard2.0 has no count-leading-zeros: four digits per division.
        int digits = 1;
        while (value >= 10000)
        {
            value /= 10000;
            digits += 4;
        }

        if (value >= 10)
        {
            digits++;
            if (value >= 100)
            {
                digits++;
                if (value >= 1000)
                {
                    digits++;
                }
            }
        }

        return digits;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Count(uint value) => Count((ulong)value);
}
