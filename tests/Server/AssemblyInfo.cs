using Xunit;

// One server test at a time: they measure time and memory on a shared 2-core machine, and a load test beside a
// fault test would make both say less.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
