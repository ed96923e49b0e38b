using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Keys;

public class CacheKeyTests
{
    [Fact]
    public void Builds_the_documented_cache_key()
    {
        var userId = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e");

        string key = KeyExamples.CacheKey.Build("acme", userId, 42);

        Assert.Equal("tenant:acme:user:0f8fad5bd9cb469fa16570867728950e:v42", key);
    }

    /// <summary>Parts of the cache key: any tenant text, a Guid, an int.</summary>
    public static class CacheKeyParts
    {
        public static Arbitrary<(string? tenant, Guid user, int version)> Generated()
        {
            var gen =
                from tenant in KeyGenerators.Text
                from user in KeyGenerators.Guid
                from version in KeyGenerators.Int64
                select (tenant, user, version: (int)version);
            return gen.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(CacheKeyParts)])]
    public void Matches_interpolation_for_generated_values((string? tenant, Guid user, int version) t)
    {
        string expected = $"tenant:{t.tenant}:user:{t.user:N}:v{t.version.ToString(System.Globalization.CultureInfo.InvariantCulture)}";
        Assert.Equal(expected, KeyExamples.CacheKey.Build(t.tenant, t.user, t.version));
    }
}
