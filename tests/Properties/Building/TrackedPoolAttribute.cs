using System.Reflection;
using System.Threading;
using Xunit.Sdk;

namespace FastText.Tests.Building;

/// <summary>
/// Runs each test of the class with a <see cref="RecordingArrayPool"/> (<see cref="Current"/>) that the test gives
/// its builders through their constructors (<c>new ValueStringBuilder(buffer, TrackedPoolAttribute.Current)</c>), and
/// with this thread's outgrown-buffer prediction forgotten, so an earlier test's builders do not decide where this
/// test's start. A double or foreign return throws at once; afterwards the test fails if anything was written into a returned array, or if a rented array was never
/// returned, unless the test is marked <see cref="LeavesArraysToTheGcAttribute"/> (the documented cases where the
/// builder deliberately lets an array go to the garbage collector instead of the pool).
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Method, AllowMultiple = false)]
public sealed class TrackedPoolAttribute : BeforeAfterTestAttribute
{
    [ThreadStatic]
    private static RecordingArrayPool? t_pool;

    [ThreadStatic]
    private static int t_depth;

    /// <summary>
    /// The running test's pool, for its builders' constructors; <see langword="null"/> (the shared pool) on a thread
    /// that runs no tracked test, such as a fresh thread a test starts to see the spare array at work.
    /// </summary>
    internal static RecordingArrayPool? Current => t_pool;

    public override void Before(MethodInfo methodUnderTest)
    {
        if (t_depth++ == 0)
        {
            t_pool = new RecordingArrayPool();
            ValueStringBuilder.ForgetOutgrownBufferForTests();
        }
    }

    /// <summary>
    /// Runs one case of a property of a <see cref="TrackedPoolAttribute"/> class under the tracked pool, as
    /// <see cref="Before"/> and <see cref="After"/> do around a fact: FsCheck.Xunit runs a [Property] method itself and
    /// calls no BeforeAfterTestAttribute, so each case of such a property goes through here (the checks then run after
    /// every case, not once after all of them). <paramref name="property"/> is the property method, for
    /// <see cref="LeavesArraysToTheGcAttribute"/>.
    /// </summary>
    public static void RunCase(MethodBase property, Action body)
    {
        var tracked = new TrackedPoolAttribute();
        var method = (MethodInfo)property;
        tracked.Before(method);
        bool completed = false;
        try
        {
            body();
            completed = true;
        }
        finally
        {
            if (completed)
            {
                tracked.After(method);
            }
            else if (--t_depth == 0)
            {
                // The case failed: its own exception is the report; uninstall the pool without checking it.
                t_pool = null;
            }
        }
    }

    public override void After(MethodInfo methodUnderTest)
    {
        if (--t_depth != 0)
        {
            return;
        }

        RecordingArrayPool pool = t_pool ?? throw new InvalidOperationException("The tracked pool was installed on another thread.");
        t_pool = null;
        pool.AssertNoWriteAfterReturn();
        if (pool.Outstanding != 0 && methodUnderTest.GetCustomAttribute<LeavesArraysToTheGcAttribute>() is null)
        {
            throw new InvalidOperationException($"{pool.Outstanding} rented array(s) were never returned to the pool.");
        }
    }
}

/// <summary>Marks a test whose builder is expected to leave arrays to the garbage collector (after a throwing hole or misuse).</summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class LeavesArraysToTheGcAttribute : Attribute
{
}
