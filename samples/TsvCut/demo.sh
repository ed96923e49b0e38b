#!/usr/bin/env bash
# tsvcut vs GNU cut: publish tsvcut native (NativeAOT; ReadyToRun where AOT cannot build), generate a TSV file of
# ROWS rows x 25 columns, cut fields 1,2,11 with both, compare the outputs byte for byte and print both wall times
# (best of three runs each, tsvcut's start-up included) and the start-up time on an empty input. The tool stays in
# artifacts/tsvcut/ (its last lines say how to run or install it); the generated data is deleted.
# Usage: samples/TsvCut/demo.sh [ROWS] (default 400000, about 96 MB; 1600000 is about 384 MB).
set -euo pipefail

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

echo "Generating $rows rows x 25 columns..."
awk -v rows="$rows" 'BEGIN {
  srand(42);
  split("GET POST PUT HEAD DELETE", methods, " ");
  split("200 200 200 304 404 500", statuses, " ");
  for (r = 1; r <= rows; r++) {
    printf "2026-11-%02d\t%02d:%02d:%02d\tedge-%d\t%d\t198.51.100.%d\t%s\texample.com\t/assets/img-%d.png\t%s\t-\tMozilla/5.0%%20(X11;%%20Linux)\tq=%d\t-\tHit\tid-%08d\thost.example.com\thttps\t%d\t0.%03d\tHTTP/1.1\tTLSv1.3\tTLS_AES_128_GCM_SHA256\tHit\tHTTP/2.0\ttext/html\n",
      1 + r % 28, r % 24, r % 60, (r * 7) % 60, r % 50, 1000 + (r * 37) % 90000, r % 250,
      methods[1 + r % 5], r % 1000, statuses[1 + r % 6], r % 97, r, 200 + r % 3000, r % 1000
  }
}' > "$work/input.tsv"
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
