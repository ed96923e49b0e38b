using System;

namespace FastText;

/// <summary>A measured key build: writes the key into memory of exactly the measured length and returns the chars written.</summary>
internal interface IKeyComposer
{
    int Write(Span<char> destination);
}
