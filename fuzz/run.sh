#!/usr/bin/env bash
# fuzz/run.sh TARGET SECONDS — fuzz one target for SECONDS; exit 1 and copy the inputs to fuzz/findings/TARGET/
# when a crash or mismatch is found.
#
# The issue's engine is AFL++ over a SharpFuzz-instrumented assembly. SharpFuzz (and its SharpFuzz.CommandLine
# tool) is not on this project's package feed, so this script checks for it and, while it is missing, runs the
# same targets under the seeded random/mutation driver in FastText.Fuzz (corpus mutations + fresh inputs).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz/run.sh TARGET SECONDS [SEED]}
seconds=${2:?usage: fuzz/run.sh TARGET SECONDS [SEED]}
seed=${3:-$RANDOM}

if dotnet package search SharpFuzz --exact-match 2>/dev/null | grep -qi '^| *SharpFuzz '; then
  echo "note: SharpFuzz is now on the feed; the AFL++ driver is not wired up yet, using the random driver." >&2
else
  echo "note: SharpFuzz is not on the package feed; AFL++ cannot instrument .NET without it. Using the seeded random driver." >&2
fi

dotnet build fuzz/FastText.Fuzz -c Release -nologo -v:quiet
dotnet fuzz/FastText.Fuzz/bin/Release/net10.0/FastText.Fuzz.dll random "$target" "${seconds}s" "$seed" --findings fuzz/findings
