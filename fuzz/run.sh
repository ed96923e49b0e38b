#!/usr/bin/env bash
# Coverage-guided fuzzing of the FastText.Fuzz targets: AFL++ (afl-fuzz) drives a copy of the fuzz build in which
# the sharpfuzz tool (SharpFuzz.CommandLine, pinned in .config/dotnet-tools.json) instrumented FastText.dll and, for
# the tsvcut targets, the TsvCut types linked into FastText.Fuzz.dll. The build itself stays uninstrumented: an
# instrumented FastText.dll writes to AFL's coverage map on every branch and dies without one, so `replay` and the
# tests never see it.
#
#   fuzz/run.sh TARGET [MINUTES]     fuzz one target (default 10 minutes; 90s for seconds) from fuzz/corpus/TARGET (with
#                                    fuzz/corpus/TARGET.dict where there is one); output in artifacts/fuzz/TARGET.
#                                    A crash is copied to fuzz/findings/TARGET/, replayed on the uninstrumented build
#                                    to show what differed, and the script exits 1. Prints execs, corpus, edges.
#   fuzz/run.sh smoke [SECONDS]      every target for SECONDS (default 20), two at a time (FUZZ_SMOKE_JOBS=1: one): one
#                                    line per target; exit 1 if afl-fuzz did not start, ran nothing, or found a crash
#                                    (what ./build.sh test runs)
#   fuzz/run.sh minimize TARGET      afl-cmin over fuzz/corpus/TARGET and the last run's queue, written back to
#                                    fuzz/corpus/TARGET (then commit it)
#   fuzz/run.sh random TARGET SECONDS [SEED]
#                                    the seeded random/mutation driver, no AFL++ (same targets, same decoders)
# Options: --no-build (use the Release build already there, as build.sh does after building the solution).
# afl++ is installed with apt-get when afl-fuzz is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

targets=(ascii tsv vsb keys tsvwriter utf8 cutfields cutargs parse)
bin=fuzz/FastText.Fuzz/bin/Release/net10.0
instrumented_root=artifacts/fuzz-instrumented
output_root=artifacts/fuzz

# The target binary is `dotnet`, which AFL++ cannot see instrumented (the coverage comes from the managed code);
# containers have no CPU frequency scaling to check and pipe core dumps elsewhere; no status screen in logs; and
# two runs share a 2-core machine with other work, so neither binds to a core.
export AFL_SKIP_BIN_CHECK=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1
# A .NET child starts and JITs in ~0.5 s; an execution is normally well under 10 ms. 5 s means stuck.
afl_timeout=5000

usage() {
  sed -n '8,20p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

build=1
args=()
for arg in "$@"; do
  if [[ $arg == --no-build ]]; then build=0; else args+=("$arg"); fi
done
set -- "${args[@]+"${args[@]}"}"

is_target() {
  local t
  for t in "${targets[@]}"; do [[ $t == "$1" ]] && return 0; done
  return 1
}

install_afl() {
  command -v afl-fuzz >/dev/null 2>&1 && return 0
  local sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo=sudo; fi
  echo "  installing afl++ (apt-get)"
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends afl++ >/dev/null
}

prepare() {
  install_afl
  dotnet tool restore >/dev/null
  if ((build)); then
    dotnet build fuzz/FastText.Fuzz -c Release -nologo -v:quiet -clp:NoSummary
  fi
}

# A fresh copy of the build for TARGET, instrumented: FastText.dll whole (only the target's code runs, so only its
# branches count), and for the tsvcut targets the FastText.Samples.TsvCut types of the fuzz assembly (linked sources).
instrument() {
  local target=$1 dir=$instrumented_root/$1
  rm -rf "$dir"
  mkdir -p "$dir"
  cp -R "$bin/." "$dir/"
  dotnet tool run sharpfuzz "$dir/FastText.dll" >/dev/null
  if [[ $target == cut* ]]; then
    dotnet tool run sharpfuzz "$dir/FastText.Fuzz.dll" FastText.Samples.TsvCut >/dev/null
  fi
}

dictionary() {
  case $1 in
    tsvwriter) echo fuzz/corpus/tsv.dict ;; # the same bytes matter to the writer: tab, CR, LF, backslash
    *) [[ -f fuzz/corpus/$1.dict ]] && echo "fuzz/corpus/$1.dict" || true ;;
  esac
}

# Fuzzes TARGET for SECONDS; its AFL++ output in artifacts/fuzz/TARGET (log in afl.log). Status 3: afl-fuzz did not
# start or ran nothing.
fuzz_target() {
  local target=$1 seconds=$2 out=$output_root/$1 dict status=0
  rm -rf "$out"
  mkdir -p "$out"
  local afl_args=(-i "fuzz/corpus/$target" -o "$out" -V "$seconds" -t "$afl_timeout" -m none)
  dict=$(dictionary "$target")
  if [[ -n $dict ]]; then afl_args+=(-x "$dict"); fi
  afl-fuzz "${afl_args[@]}" -- dotnet "$instrumented_root/$target/FastText.Fuzz.dll" afl "$target" >"$out/afl.log" 2>&1 || status=$?
  if [[ ! -f $out/default/fuzzer_stats ]] || ((status != 0)) || [[ $(stat_value "$out" execs_done) == 0 ]]; then
    echo "  $target: afl-fuzz did not run (exit $status); the end of $out/afl.log:"
    tail -25 "$out/afl.log" | sed 's/^/    /'
    return 3
  fi
}

stat_value() {
  awk -F' *: *' -v key="$2" '$1 == key { print $2 }' "$1/default/fuzzer_stats"
}

# One line: executions, corpus growth, edges, crashes, hangs.
summary() {
  local target=$1 out=$output_root/$1 seeds
  seeds=$(find "fuzz/corpus/$target" -maxdepth 1 -type f | wc -l)
  printf '  %-9s %9s execs (%s/s) in %ss, corpus %s seeds -> %s, edges %s, crashes %s, hangs %s\n' "$target" \
    "$(stat_value "$out" execs_done)" "$(stat_value "$out" execs_per_sec)" "$(stat_value "$out" run_time)" "$seeds" \
    "$(stat_value "$out" corpus_count)" "$(stat_value "$out" edges_found)" "$(stat_value "$out" saved_crashes)" \
    "$(stat_value "$out" saved_hangs)"
}

# Corpus size at six evenly spaced times (from the time:MS in the queue's file names; seeds count from the start),
# and edges over time from plot_data (which AFL++ starts writing after the first minute).
over_time() {
  local out=$output_root/$1 seconds=$2
  find "$out/default/queue" -maxdepth 1 -name 'id:*' -printf '%f\n' | awk -v seconds="$seconds" '
    { t = match($0, /time:[0-9]+/) ? substr($0, RSTART + 5, RLENGTH - 5) / 1000 : 0; times[NR] = t }
    END {
      printf "  corpus over time:"
      for (i = 1; i <= 6; i++) {
        mark = seconds * i / 6; n = 0
        for (j in times) if (times[j] <= mark) n++
        printf " %d:%02d %d%s", mark / 60, mark % 60, n, (i < 6 ? "," : "\n")
      }
    }'
  awk -F', *' -v step=$(((seconds + 5) / 6)) '
    /^#/ { next }
    $1 >= mark { printf "%s%d:%02d %s", (n++ ? ", " : "  edges over time:"  " "), $1 / 60, $1 % 60, $13; mark = $1 + step }
    END { if (n) print ""; else print "  edges over time: (no plot_data rows: AFL++ writes them after the first minute)" }' "$out/default/plot_data"
}

# Copies the crashes of TARGET's last run to fuzz/findings/TARGET and replays them on the uninstrumented build.
# Status 1 when there were any.
collect_crashes() {
  local target=$1 crashes=$output_root/$1/default/crashes file name count=0
  [[ -d $crashes ]] || return 0
  mkdir -p "fuzz/findings/$target"
  for file in "$crashes"/id:*; do
    [[ -f $file ]] || continue
    name=afl-$(sha1sum <"$file" | cut -c1-12).bin
    cp "$file" "fuzz/findings/$target/$name"
    count=$((count + 1))
    if ((count <= 3)); then echo "  CRASH $target: ${file##*/} -> fuzz/findings/$target/$name"; fi
  done
  ((count == 0)) && return 0
  echo "  $count crashing inputs copied to fuzz/findings/$target/; replayed on the uninstrumented build (first 5):"
  dotnet "$bin/FastText.Fuzz.dll" replay "$target" "fuzz/findings/$target" 2>&1 | grep -E '^FAIL' | head -5 | cut -c1-400 | sed 's/^/    /' || true
  return 1
}

run_one() {
  local target=$1 duration=${2:-10} seconds status=0
  is_target "$target" || { echo "unknown target '$target' (targets: ${targets[*]})" >&2; exit 2; }
  # MINUTES, or SECONDS with an s (90s) for short checks.
  if [[ $duration == *s ]]; then seconds=${duration%s}; else seconds=$((duration * 60)); fi
  prepare
  instrument "$target"
  echo "fuzzing $target for ${seconds}s (afl-fuzz output: $output_root/$target)"
  fuzz_target "$target" "$seconds" || exit 1
  summary "$target"
  over_time "$target" "$seconds"
  collect_crashes "$target" || status=1
  exit $status
}

smoke_one() {
  local target=$1 seconds=$2 status=0
  instrument "$target" || status=3
  if ((status == 0)); then fuzz_target "$target" "$seconds" || status=$?; fi
  if ((status == 0)); then
    summary "$target"
    collect_crashes "$target" || status=1
  fi
  echo "$status" >"$output_root/$target.status"
}

# Every target for SECONDS, FUZZ_SMOKE_JOBS (default 2, one per core) at a time; the lines in target order at the end.
smoke() {
  local seconds=${1:-20} jobs=${FUZZ_SMOKE_JOBS:-2} target failed=0 running=0 started=$SECONDS
  prepare
  # Apart from the runs of `fuzz/run.sh TARGET`, which a smoke must not overwrite.
  output_root=artifacts/fuzz-smoke
  rm -rf "$output_root"
  mkdir -p "$output_root"
  for target in "${targets[@]}"; do
    smoke_one "$target" "$seconds" >"$output_root/$target.log" 2>&1 &
    running=$((running + 1))
    if ((running >= jobs)); then
      wait -n || true
      running=$((running - 1))
    fi
  done
  wait
  for target in "${targets[@]}"; do
    cat "$output_root/$target.log"
    if [[ $(cat "$output_root/$target.status" 2>/dev/null) != 0 ]]; then failed=$((failed + 1)); fi
  done
  echo "  fuzz smoke: ${#targets[@]} targets x ${seconds}s under afl-fuzz, $jobs at a time, in $((SECONDS - started))s; $failed failed"
  ((failed == 0))
}

minimize() {
  local target=$1 work=artifacts/fuzz-cmin/$1 file kept
  is_target "$target" || { echo "unknown target '$target' (targets: ${targets[*]})" >&2; exit 2; }
  prepare
  instrument "$target"
  rm -rf "$work"
  mkdir -p "$work/in"
  cp "fuzz/corpus/$target"/* "$work/in/"
  for file in "$output_root/$target"/default/queue/id:*; do
    [[ -f $file ]] && cp "$file" "$work/in/afl-$(sha1sum <"$file" | cut -c1-12).bin"
  done
  # afl-cmin wants the target as a path, not a command name.
  afl-cmin -i "$work/in" -o "$work/out" -t "$afl_timeout" -m none -- \
    "$(command -v dotnet)" "$instrumented_root/$target/FastText.Fuzz.dll" afl "$target" | tail -3
  kept=$(find "$work/out" -maxdepth 1 -type f | wc -l)
  if ((kept == 0)); then echo "afl-cmin kept nothing; fuzz/corpus/$target left as it was" >&2; exit 1; fi
  rm -f "fuzz/corpus/$target"/*
  cp "$work/out"/* "fuzz/corpus/$target/"
  echo "fuzz/corpus/$target: $(find "$work/in" -maxdepth 1 -type f | wc -l) inputs minimized to $kept"
  dotnet "$bin/FastText.Fuzz.dll" replay "$target"
}

case "${1:-}" in
  smoke)
    smoke "${2:-20}"
    ;;
  minimize)
    minimize "${2:?usage: fuzz/run.sh minimize TARGET}"
    ;;
  random)
    target=${2:?usage: fuzz/run.sh random TARGET SECONDS [SEED]}
    seconds=${3:?usage: fuzz/run.sh random TARGET SECONDS [SEED]}
    if ((build)); then dotnet build fuzz/FastText.Fuzz -c Release -nologo -v:quiet -clp:NoSummary; fi
    dotnet "$bin/FastText.Fuzz.dll" random "$target" "${seconds}s" "${4:-$RANDOM}" --findings fuzz/findings
    ;;
  "" | -h | --help)
    usage
    ;;
  *)
    run_one "$@"
    ;;
esac
