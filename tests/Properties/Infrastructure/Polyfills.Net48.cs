#if FASTTEXT_NET48
// .NET Framework has no IsExternalInit, which records and init accessors need. The library's netstandard2.0 build
// has an internal one that InternalsVisibleTo happens to expose to this assembly; the tests own theirs so they do
// not depend on that library detail.
namespace System.Runtime.CompilerServices;

internal static class IsExternalInit
{
}
#endif
