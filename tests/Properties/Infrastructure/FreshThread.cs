namespace FastText.Tests.Infrastructure;

/// <summary>
/// Runs a test body on a thread of its own and rethrows its failure here: for the builders' per-thread state (the
/// spare array, the outgrown-buffer prediction), which a test must see as a new thread has it.
/// </summary>
internal static class FreshThread
{
    public static void Run(Action test)
    {
        Exception? failure = null;
        var thread = new System.Threading.Thread(() =>
        {
            try
            {
                test();
            }
            catch (Exception e)
            {
                failure = e;
            }
        });
        thread.Start();
        thread.Join();
        if (failure is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(failure).Throw();
        }
    }
}
