#!/usr/bin/env bash
# tsvcut vs GNU cut: publish tsvcut native (NativeAOT; ReadyToRun where AOT cannot build), generate a TSV file of
# ROWS rows x 25 columns, cut fields 1,2,11 with both, compare the outputs byte for byte and print both wall times
# (best of three runs each, tsvcut's start-up included) and the start-up time on an empty input. The tool stays in
# artifacts/tsvcut/ (its last lines say how to run or install it); the generated data is deleted.
# Usage: samples/TsvCut/demo.sh [ROWS] (default 400000, about 96 MB; 1600000 is about 384 MB).
#        samples/TsvCut/demo.sh --peers [ROWS]  (what `./build.sh bench tsvcut` runs) the same tsvcut against GNU cut,
#        mawk and Miller (mlr, installed with apt-get when missing) on two files of about the same size: the demo's
#        25 columns and a 33-column CloudFront-style log (ROWS*5/8 lines). Each tool runs pinned to one core
#        (taskset -c 0: a server whose other cores are busy) and on two (taskset -c 0,1), the tools in turn for seven
#        rounds (TSVCUT_PEER_RUNS): the median wall and user+system CPU times with their ranges, the ratio to cut formed
#        within each round; every output compared byte for byte with cut's. Prints a Markdown table.
set -euo pipefail

peers=0
if [[ "${1:-}" == --peers ]]; then peers=1; shift; fi
rows="${1:-400000}"
fields="${FIELDS:-1,2,11}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d)"
bin="$root/artifacts/tsvcut"
ticker=""
trap '[[ -n "$ticker" ]] && kill "$ticker" 2>/dev/null; rm -rf "$work"' EXIT

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) rid=linux-x64 ;;
  Linux-aarch64 | Linux-arm64) rid=linux-arm64 ;;
  Darwin-x86_64) rid=osx-x64 ;;
  Darwin-arm64) rid=osx-arm64 ;;
  *) rid="" ;;
esac

# Prints a line every 10 s while a long step runs, so a slow machine never looks hung.
start_ticker() {
  local label="$1" started=$SECONDS
  ( while sleep 10; do echo "  ... still $label ($((SECONDS - started)) s)"; done ) &
  ticker=$!
}
stop_ticker() { kill "$ticker" 2>/dev/null || true; wait "$ticker" 2>/dev/null || true; ticker=""; }

# The demo's rows: 25 columns (a CloudFront-like access log without its last 8 columns), deterministic.
generate_demo25() {
  awk -v rows="$1" 'BEGIN {
    srand(42);
    split("GET POST PUT HEAD DELETE", methods, " ");
    split("200 200 200 304 404 500", statuses, " ");
    for (r = 1; r <= rows; r++) {
      printf "2026-11-%02d\t%02d:%02d:%02d\tedge-%d\t%d\t198.51.100.%d\t%s\texample.com\t/assets/img-%d.png\t%s\t-\tMozilla/5.0%%20(X11;%%20Linux)\tq=%d\t-\tHit\tid-%08d\thost.example.com\thttps\t%d\t0.%03d\tHTTP/1.1\tTLSv1.3\tTLS_AES_128_GCM_SHA256\tHit\tHTTP/2.0\ttext/html\n",
        1 + r % 28, r % 24, r % 60, (r * 7) % 60, r % 50, 1000 + (r * 37) % 90000, r % 250,
        methods[1 + r % 5], r % 1000, statuses[1 + r % 6], r % 97, r, 200 + r % 3000, r % 1000
    }
  }'
}

# A CloudFront standard log's 33 columns (as bench/Tsv/TsvBenchmarkData.GenerateCloudFront33 writes them): ~386 bytes
# a line, long user agents and request ids, so fields are longer and more varied than the demo's.
generate_cloudfront33() {
  awk -v rows="$1" 'BEGIN {
    split("IAD89-C1 FRA2-C2 NRT57-P3 SFO5-P1 LHR61-P5", edges, " ");
    split("GET GET GET POST HEAD", methods, " ");
    split("200 200 200 304 404 500", statuses, " ");
    agents[1] = "Mozilla/5.0%20(Windows%20NT%2010.0;%20Win64;%20x64)%20AppleWebKit/537.36";
    agents[2] = "Mozilla/5.0%20(X11;%20Linux%20x86_64;%20rv:128.0)%20Gecko/20100101%20Firefox/128.0";
    agents[3] = "curl/8.5.0";
    agents[4] = "Mozilla/5.0%20(iPhone;%20CPU%20iPhone%20OS%2017_4%20like%20Mac%20OS%20X)";
    split("Hit Miss OriginShieldHit RefreshHit LimitExceeded", results, " ");
    split("image/png text/html;%20charset=utf-8 application/json text/css application/javascript;%20charset=utf-8", types, " ");
    for (r = 0; r < rows; r++) {
      length_ = 100 + (r * 104729) % 900000;
      printf "2026-11-%02d\t%02d:%02d:%02d\t%s\t%d\t198.51.100.%d\t%s\td111111abcdef8.cloudfront.net\t/assets/img-%d.png\t%s\t-\t%s\tq=%d\t-\tHit\tSOX4xwn4XV6Q4rgb7XiVGOHms_BGlTAC4KyHmureZmBNrjGdRLiNIQ==%d\texample.com\thttps\t%d\t0.%03d\t-\tTLSv1.3\tTLS_AES_128_GCM_SHA256\tHit\tHTTP/2.0\ttext/html\t-\t%d\t0.%06d\t%s\t%s\t%d\t0\t%d\n",
        1 + int(r / 4000) % 28, int(r / 3600) % 24, int(r / 60) % 60, r % 60, edges[1 + r % 5], 1000 + (r * 7919) % 90000,
        r % 250, methods[1 + r % 5], r % 1000, statuses[1 + r % 6], agents[1 + r % 4], r % 97, r % 10, 200 + r % 3000,
        r % 1000, 1024 + (r * 7) % 64000, (r * 7919) % 1000000, results[1 + r % 5], types[1 + r % 5], length_, length_ - 1
    }
  }'
}

rm -rf "$bin"
publish_args=(-c Release -nologo -v quiet -o "$bin")
native_args=(-p:Native=true)
if [[ "$rid" == linux-* ]] && ! command -v clang >/dev/null 2>&1 && command -v gcc >/dev/null 2>&1; then
  native_args+=(-p:CppCompilerAndLinker=gcc)   # NativeAOT links with clang by default; gcc works as well
fi
if [[ "$rid" == linux-x64 ]] && grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
  native_args+=(-p:IlcInstructionSet=x86-64-v3)   # this machine has AVX2: let the compiler use 256-bit vectors
fi

build="plain build (JIT)"
if [[ -n "$rid" ]]; then
  echo "Publishing tsvcut with NativeAOT for $rid (${native_args[*]}); the first time this restores the ILCompiler package..."
  start_ticker "compiling native code"
  if dotnet publish "$root/samples/TsvCut/TsvCut.csproj" -f net10.0 -r "$rid" "${publish_args[@]}" "${native_args[@]}" > "$work/publish.log" 2>&1; then
    build="NativeAOT ($rid)"
  else
    stop_ticker
    echo "  NativeAOT publish failed (last lines below); trying ReadyToRun"
    tail -5 "$work/publish.log" | sed 's/^/    /'
    start_ticker "compiling ReadyToRun"
    if dotnet publish "$root/samples/TsvCut/TsvCut.csproj" -f net10.0 -r "$rid" --self-contained false -p:PublishReadyToRun=true \
        "${publish_args[@]}" > "$work/publish.log" 2>&1; then
      build="ReadyToRun ($rid)"
    fi
  fi
  stop_ticker
fi
if [[ ! -x "$bin/tsvcut" ]]; then
  echo "Building tsvcut (plain Release build)..."
  dotnet build "$root/samples/TsvCut/TsvCut.csproj" -f net10.0 -c Release -nologo -v quiet -o "$bin" >/dev/null
fi
echo "tsvcut built: $build"

# --peers: every tool on both files, one core and two; the tools in turn, seven rounds (TSVCUT_PEER_RUNS), medians
# with their ranges; a Markdown table.
if ((peers)); then
  if [[ ! "$fields" =~ ^[0-9]+(,[0-9]+)*$ ]]; then
    echo "--peers takes FIELDS as a plain list (1,2,11): mawk and mlr are given the same list" >&2
    exit 2
  fi
  if ! command -v mlr >/dev/null 2>&1; then
    echo "Installing Miller (apt-get install miller)..."
    sudo_=""; [[ $(id -u) -ne 0 ]] && sudo_=sudo
    { $sudo_ apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq --no-install-recommends miller; } >/dev/null 2>&1 ||
      echo "  Miller could not be installed: its rows are left out"
  fi
  awk_fields="\$${fields//,/,\$}"
  run_tool() {   # TOOL CPUS INPUT OUTPUT
    local cpus=$2 input=$3 output=$4
    case "$1" in
      tsvcut) taskset -c "$cpus" "$bin/tsvcut" -f "$fields" "$input" > "$output" ;;
      cut) LC_ALL=C taskset -c "$cpus" cut -f "$fields" "$input" > "$output" ;;
      mawk) LC_ALL=C taskset -c "$cpus" mawk -F '\t' -v OFS='\t' "{ print $awk_fields }" "$input" > "$output" ;;
      mlr) taskset -c "$cpus" mlr --tsv --implicit-tsv-header --headerless-tsv-output cut -o -f "$fields" "$input" > "$output" ;;
    esac
  }
  # One timed run: prints "wall_ms cpu_ms" (CPU = user + system, children included).
  timed_run() {
    local timing wall user sys
    timing=$( { TIMEFORMAT='%3R %3U %3S'; time run_tool "$@" 2>/dev/null; } 2>&1 )
    read -r wall user sys <<<"$timing"
    awk -v w="$wall" -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f %.1f", w * 1000, (u + s) * 1000 }'
  }
  # The median of the numbers on stdin, and "min-max".
  median_of() { sort -g | awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.1f %.1f-%.1f", m, v[1], v[NR] }'; }
  runs=${TSVCUT_PEER_RUNS:-7}
  tools=(cut tsvcut mawk)   # cut first: every other row's ratio is to its time
  command -v mlr >/dev/null 2>&1 && tools+=(mlr)
  core_sets=(0)
  (( $(nproc) >= 2 )) && core_sets+=(0,1)
  generate_demo25 "$rows" > "$work/demo25.tsv"
  generate_cloudfront33 $((rows * 5 / 8)) > "$work/cloudfront33.tsv"
  echo "Fields $fields; tsvcut: $build; $(cut --version | head -1); mawk $(mawk -W version 2>&1 | head -1 | awk '{ print $2 }'); $(mlr --version 2>/dev/null || echo 'no mlr')"
  echo "Each tool runs once per round, the tools in turn, $runs rounds: the median of the rounds and their range; the ratio"
  echo "to GNU cut is formed within each round (the same moment of the machine) and its median given with its range."
  echo
  echo "| file | cores | tool | wall ms, median (range) | CPU ms, median | MB/s | GNU cut's wall / this, median (range) |"
  echo "|---|---|---|---:|---:|---:|---:|"
  for file in demo25 cloudfront33; do
    input="$work/$file.tsv"
    size=$(wc -c < "$input")
    label="$file ($(awk -v b="$size" 'BEGIN { printf "%.1f MB", b / 1e6 }'), $(wc -l < "$input") lines)"
    run_tool cut 0 "$input" "$work/expected.out"
    for cpus in "${core_sets[@]}"; do
      for tool in "${tools[@]}"; do
        run_tool "$tool" "$cpus" "$input" "$work/$tool.out"
        if ! cmp -s "$work/$tool.out" "$work/expected.out"; then
          echo "OUTPUTS DIFFER: $tool on $file:"; cmp "$work/$tool.out" "$work/expected.out" || true
          exit 1
        fi
        : > "$work/$tool.walls"; : > "$work/$tool.cpus"; : > "$work/$tool.ratios"
      done
      for ((round = 1; round <= runs; round++)); do
        declare -A wall_of=()
        for tool in "${tools[@]}"; do
          read -r wall cpu <<<"$(timed_run "$tool" "$cpus" "$input" /dev/null)"
          wall_of[$tool]=$wall
          echo "$wall" >> "$work/$tool.walls"; echo "$cpu" >> "$work/$tool.cpus"
        done
        for tool in "${tools[@]}"; do
          awk -v c="${wall_of[cut]}" -v t="${wall_of[$tool]}" 'BEGIN { printf "%.4f\n", c / t }' >> "$work/$tool.ratios"
        done
        unset wall_of
      done
      for tool in "${tools[@]}"; do
        read -r wall wall_range <<<"$(median_of < "$work/$tool.walls")"
        read -r cpu _ <<<"$(median_of < "$work/$tool.cpus")"
        read -r ratio ratio_range <<<"$(median_of < "$work/$tool.ratios")"
        printf '| %s | %s | %s | %s (%s) | %s | %s | %.2fx (%s) |\n' "$label" "$( [[ $cpus == 0 ]] && echo 1 || echo 2 )" "$tool" "$wall" "$wall_range" "$cpu" \
          "$(awk -v b="$size" -v ms="$wall" 'BEGIN { printf "%.0f", b / 1e3 / ms }')" "$ratio" "$ratio_range"
      done
      read -r ratio ratio_range <<<"$(median_of < "$work/tsvcut.ratios")"
      printf '| %s | %s | **tsvcut vs GNU cut** | | | | **%.2fx** (%s) |\n' "$file" "$( [[ $cpus == 0 ]] && echo one || echo two )" "$ratio" "$ratio_range"
    done
  done
  echo
  echo "Every output identical to GNU cut's ($(wc -c < "$work/expected.out") bytes for the last file)."
  exit 0
fi

echo "Generating $rows rows x 25 columns..."
generate_demo25 "$rows" > "$work/input.tsv"
size=$(wc -c < "$work/input.tsv")
: > "$work/empty.tsv"
awk -v b="$size" 'BEGIN { printf "Input: %.1f MB (%d bytes)\n", b / 1e6, b }'

now() { date +%s%N; }
# Best of three runs each (the first run of a command also pays for cold caches); prints microseconds.
best_us() {
  local best=999999999999 start end us
  for _ in 1 2 3; do
    start=$(now); "$@"; end=$(now)
    us=$(( (end - start) / 1000 ))
    (( us < best )) && best=$us
  done
  echo "$best"
}
run_tsvcut() { "$bin/tsvcut" -f "$fields" "$work/input.tsv" > "$work/tsvcut.out"; }
run_cut() { LC_ALL=C cut -f "$fields" "$work/input.tsv" > "$work/cut.out"; }
run_empty() { "$bin/tsvcut" -f "$fields" "$work/empty.tsv" > /dev/null; }

echo "Timing (best of three each, wall clock, output to a file)..."
tsvcut_us=$(best_us run_tsvcut)
cut_us=$(best_us run_cut)
empty_us=$(best_us run_empty)

if cmp -s "$work/tsvcut.out" "$work/cut.out"; then
  echo "Outputs identical ($(wc -c < "$work/cut.out") bytes)."
else
  echo "OUTPUTS DIFFER:"; cmp "$work/tsvcut.out" "$work/cut.out" || true
  exit 1
fi

report() { awk -v b="$size" -v us="$2" -v label="$1" 'BEGIN { if (us < 1) us = 1; printf "%s %7.1f ms best of three (%6.0f MB/s)\n", label, us / 1000, b / us }'; }
report "tsvcut -f $fields:" "$tsvcut_us"
report "cut    -f $fields:" "$cut_us"
awk -v us="$empty_us" 'BEGIN { printf "tsvcut start-up (empty input): %.1f ms best of three\n", us / 1000 }'
awk -v a="$cut_us" -v b="$tsvcut_us" 'BEGIN { if (b < 1) b = 1; printf "tsvcut is %.1fx the speed of GNU cut (tsvcut: %s)\n", a / b, "'"$build"'" }'

# Where the tool is, and how to use it: the last lines of the run.
echo
if [[ $build == NativeAOT* ]]; then
  echo "tsvcut is $bin/tsvcut, a $build build: one self-contained file, no .NET runtime needed."
  echo "  run it:     $bin/tsvcut -f $fields FILE   (plain or gzip; standard input without FILE)"
  echo "  install it: install -m 755 $bin/tsvcut ~/.local/bin/   (or /usr/local/bin)"
else
  echo "tsvcut is $bin/tsvcut, a $build build: it needs the files beside it and the .NET runtime."
  echo "  run it:     $bin/tsvcut -f $fields FILE   (plain or gzip; standard input without FILE)"
  echo "  install it: copy the whole folder $bin and put it on PATH"
fi
echo "  options, builds and the dotnet tool: docs/tsvcut.md"
