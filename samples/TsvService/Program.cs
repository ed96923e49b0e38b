using FastText.Samples.TsvService;

// dotnet run -c Release --project samples/TsvService -- --urls http://127.0.0.1:5080
//   curl --data-binary @log.tsv 'http://127.0.0.1:5080/aggregate?header=true&names=sc-status,sc-bytes&numeric=1'
//   curl 'http://127.0.0.1:5080/rows?count=1000&seed=7'
await TsvServiceApp.Create(args).RunAsync();
