#!/usr/bin/env bash
# tsvcut vs GNU cut: generate a TSV file of N rows x 25 columns, cut fields 1,2,11 with both, compare the outputs
# byte for byte and print both wall times (best of three runs each). Usage: samples/TsvCut/demo.sh [ROWS] (default 400000, about 100 MB).
set -euo pipefail

rows="${1:-400000}"
fields="${FIELDS:-1,2,11}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# ReadyToRun trims tsvcut's start-up (about a third of its time on a 100 MB file); a plain build is the fallback
# where the crossgen package cannot be restored.
echo "Building tsvcut (Release, ReadyToRun)..."
if ! dotnet publish "$root/samples/TsvCut/TsvCut.csproj" -c Release -r linux-x64 --self-contained false \
    -p:PublishReadyToRun=true -nologo -v quiet -o "$work/bin" >/dev/null 2>&1; then
  echo "  (ReadyToRun publish failed; using a plain build)"
  dotnet build "$root/samples/TsvCut/TsvCut.csproj" -c Release -nologo -v quiet -o "$work/bin" >/dev/null
fi

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
echo "Input: $size bytes"

now() { date +%s%N; }
# Best of three runs each (the first run of a command also pays for cold caches).
best_ms() {
  local best=999999999 start end ms
  for _ in 1 2 3; do
    start=$(now); "$@"; end=$(now)
    ms=$(( (end - start) / 1000000 ))
    (( ms < best )) && best=$ms
  done
  echo "$best"
}
run_tsvcut() { "$work/bin/tsvcut" -f "$fields" "$work/input.tsv" > "$work/tsvcut.out"; }
run_cut() { LC_ALL=C cut -f "$fields" "$work/input.tsv" > "$work/cut.out"; }
tsvcut_ms=$(best_ms run_tsvcut)
cut_ms=$(best_ms run_cut)

if cmp -s "$work/tsvcut.out" "$work/cut.out"; then
  echo "Outputs identical ($(wc -c < "$work/cut.out") bytes)."
else
  echo "OUTPUTS DIFFER:"; cmp "$work/tsvcut.out" "$work/cut.out" || true
  exit 1
fi

mbps() { awk -v b="$size" -v ms="$1" 'BEGIN { if (ms < 1) ms = 1; printf "%.0f MB/s", b / 1e6 / (ms / 1000) }'; }
echo "tsvcut -f $fields: ${tsvcut_ms} ms ($(mbps "$tsvcut_ms"), including .NET startup)"
echo "cut    -f $fields: ${cut_ms} ms ($(mbps "$cut_ms"))"
awk -v a="$cut_ms" -v b="$tsvcut_ms" 'BEGIN { if (b < 1) b = 1; printf "tsvcut is %.1fx the speed of GNU cut\n", a / b }'
