#!/usr/bin/env bash
# Differential suite: tsvcut against GNU cut (LC_ALL=C) on generated edge cases. For every invocation it compares
# standard output byte for byte, the exit status, and standard error with "cut:" read as "tsvcut:" (same lines,
# duplicates ignored: cut reports a closed stdin twice). Deliberate differences are checked separately below and
# listed in docs/tsvcut.md; coreutils 9.11's -w, -F and -O, which cut 9.1 lacks, against expected values. Usage:
# differential.sh TSVCUT_BINARY [--emulated]. Skips (exit 0, with a message)
# without GNU cut. --emulated (a binary under qemu, ~0.15 s a start): every section and option, on fewer inputs and
# with the cross products cut to their pairs (see rotation); not the bounded-memory checks (qemu's own address space and resident memory are measured there) nor the 1.1 GiB
# line.
set -uo pipefail
export LC_ALL=C

tsvcut="${1:?usage: differential.sh TSVCUT_BINARY [--emulated]}"
emulated=0
[[ "${2:-}" == --emulated ]] && emulated=1
if ! cut --version 2>/dev/null | grep -q 'GNU coreutils'; then
  echo "  skipped: GNU coreutils cut is not on the PATH, so there is nothing to compare tsvcut with"
  exit 0
fi
echo "  comparing $tsvcut with $(cut --version | head -1)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
passed=0
failed=0

fail() {
  failed=$((failed + 1))
  if ((failed <= 25)); then printf '  FAIL %s\n' "$*"; fi
}

# check STDIN ARGS...: both programs, same arguments and standard input ('-' for none, i.e. /dev/null).
check() {
  local input="$1"; shift
  [[ "$input" == - ]] && input=/dev/null
  cut "$@" <"$input" >cut.out 2>cut.err; local cut_status=$?
  "$tsvcut" "$@" <"$input" >tsv.out 2>tsv.err; local tsv_status=$?
  if ! cmp -s cut.out tsv.out; then
    fail "stdout differs: cut $(printf '%q ' "$@")< $input ($(cmp cut.out tsv.out 2>&1 | head -1))"
  elif ((cut_status != tsv_status)); then
    fail "exit status $tsv_status, cut $cut_status: cut $(printf '%q ' "$@")"
  elif ! diff -q <(sed 's/^cut: /tsvcut: /; s/'"'"'cut --help'"'"'/'"'"'tsvcut --help'"'"'/' cut.err | sort -u) <(sort -u tsv.err) >/dev/null; then
    fail "stderr differs: cut $(printf '%q ' "$@"): cut said '$(head -1 cut.err)', tsvcut said '$(head -1 tsv.err)'"
  else
    passed=$((passed + 1))
  fi
}

# expect NAME STATUS STDERR_PATTERN COMMAND...: a deliberate difference or a Unix behaviour cut cannot be run for.
expect() {
  local name="$1" status="$2" pattern="$3"; shift 3
  "$@" >exp.out 2>exp.err; local actual=$?
  if ((actual != status)); then
    fail "$name: exit status $actual, expected $status ($(head -1 exp.err))"
  elif [[ -n "$pattern" ]] && ! grep -qE -- "$pattern" exp.err; then
    fail "$name: stderr '$(head -1 exp.err)' does not match /$pattern/"
  elif [[ -z "$pattern" && -s exp.err ]]; then
    fail "$name: unexpected stderr '$(head -1 exp.err)'"
  else
    passed=$((passed + 1))
  fi
}

echo "  generating inputs"
printf '' > empty
printf 'a\tb\tc\n1\t2\t3\n' > simple
printf 'a\tb\tc\nd\te' > no-final-newline
printf 'a\tb\r\nc\td\r\n\r\n' > crlf
printf '\n\na\tb\n\n' > empty-lines
printf 'abc\ndef\tg\nhij\n\t\n' > no-separator
printf 'a\0b\tc\0\n\0\t\0\n' > nul-bytes
printf '\xff\xfe\tb\xc3\n\x80\t\x80\t\xed\xa0\x80\n' > invalid-utf8
printf '\n\n\n' > only-newlines
printf '\t\t\n\t\n\t' > only-tabs
printf 'a,b,c\n1,,3\n,\nx:y:z\n' > commas
printf 'a\tb\0c\td\0e\nf\tg\0' > nul-records
printf 'a' > one-byte
printf '\n' > one-newline
printf '\x1f\x8b\tplain\nnot gzip\t1\n' > starts-like-gzip
awk 'BEGIN { srand(7); split("a b \t \n \r , : ; x", set, " "); set[3] = "\t"; set[4] = "\n";
  for (f = 0; f < 4; f++) { s = ""; for (i = 0; i < 3000; i++) s = s set[1 + int(rand() * 10)]; printf "%s", s > ("random" f) } }'
small=(empty simple no-final-newline crlf empty-lines no-separator nul-bytes invalid-utf8 only-tabs commas
  nul-records one-newline starts-like-gzip random0 random1)

# Emulated: the inputs that differ in kind (CR, no separator, NUL, invalid UTF-8, NUL records, random).
((emulated)) && small=(simple crlf no-separator nul-bytes invalid-utf8 nul-records random0)
lists=(1 2 1,3 3,1 2- -2 2-3,5 '1 3' 4294967297 1-18446744073709551614)
option_sets=('' '-s' '--complement' '--complement -s' '--output-delimiter=XY' '-d , --output-delimiter=' '-s -d :' '-z -s')

# Emulated, the cross products over the inputs keep every pair of dimensions, not every combination: each list meets
# each option set (and chunk size, output form) once, on the input whose index is the sum of theirs mod the number
# of inputs, so every input still meets every list and every option set.
# rotation SUM INPUT COUNT: true natively; emulated, true when INPUT == SUM mod COUNT.
rotation() { local sum=$1 input=$2 count=$3; ((!emulated || sum % count == input)); }

echo "  lists x options x small inputs"
for li in "${!lists[@]}"; do
  for oi in "${!option_sets[@]}"; do
    for fi in "${!small[@]}"; do
      rotation $((li + oi)) "$fi" ${#small[@]} || continue
      # shellcheck disable=SC2086
      check - ${option_sets[oi]} -f "${lists[li]}" "${small[fi]}"
    done
  done
done

echo "  delimiters that are special: NUL, newline, the terminator itself"
for fi in "${!small[@]}"; do
  file=${small[fi]}
  for li in 0 1 2; do
    rotation "$li" "$fi" ${#small[@]} || continue
    list=$((li + 1)); ((li == 2)) && list=2-
    check - -d '' -f "$list" "$file"
    check - -d $'\n' -f "$list" "$file"
    check - -s -d $'\n' -f "$list" "$file"
    check - --complement -d $'\n' -f "$list" "$file"
    check - -z -d '' -f "$list" "$file"
    check - -z -s -d '' -f "$list" "$file"
    check - -z -d $'\n' -f "$list" "$file"
  done
done

echo "  large inputs: a 50 MB line, 100,000 columns"
{ head -c 26214400 /dev/zero | tr '\0' 'x'; printf '\t'; head -c 26214400 /dev/zero | tr '\0' 'y'; printf '\tz\nshort\tline\n'; } > long-line
{ seq -s $'\t' 1 100000; seq -s $'\t' 100001 200000; printf 'end\n'; } > wide
for list in 1 2 3 2- 1,3 99999- 100000 50000-50002 --complement; do
  if [[ "$list" == --complement ]]; then check - --complement -f 2 long-line; check - --complement -f 2-99999 wide; continue; fi
  check - -f "$list" long-line
  check - -f "$list" wide
done
check - -f 1-3 --output-delimiter=, wide
check - -s -d x -f 2 long-line

echo "  parallel cutting: every file above in chunks of 1, 3 and 64 bytes (files of 8 MiB and up are cut so)"
parallel_files=("${small[@]}")
((emulated)) && parallel_files=(crlf nul-records random0)
parallel_lists=(1 2 2- 1,3 --complement)
parallel_options=('' '-s' '-z -s' '--output-delimiter=XY' '-d , -s')
for chunk in 1 3 64; do
  export TSVCUT_TEST_CHUNK_BYTES=$chunk
  for fi in "${!parallel_files[@]}"; do
    file=${parallel_files[fi]}
    for li in "${!parallel_lists[@]}"; do
      list=${parallel_lists[li]}
      for oi in "${!parallel_options[@]}"; do
        rotation $((chunk + li + oi)) "$fi" ${#parallel_files[@]} || continue
        options=${parallel_options[oi]}
        # shellcheck disable=SC2086
        if [[ "$list" == --complement ]]; then check - $options --complement -f 2 "$file"; else check - $options -f "$list" "$file"; fi
      done
    done
  done
  unset TSVCUT_TEST_CHUNK_BYTES
done
export TSVCUT_TEST_CHUNK_BYTES=4096
for list in 1 2 2- 99999- --complement; do
  if [[ "$list" == --complement ]]; then check - --complement -f 2 long-line; check - --complement -f 2-99999 wide; continue; fi
  check - -f "$list" long-line
  check - -f "$list" wide
done
check - -f2 simple wide no-final-newline
unset TSVCUT_TEST_CHUNK_BYTES

echo "  command-line syntax"
for args in '-sf1' '-f1 -s' '-s -f 1' '--fields=1' '--fie=1' '--fields 1' '--delim=: -f1' '--delimiter : -f2' \
    '--only-d -f1' '--output-d=X -f1,2' '--z -f1' '-f1 --' '-f 1 -n' '-n -f1' '-zsf1' '-d: -f1' '-sd: -f2' \
    '-f -2' '-f2 --complement' '--compl -f2' '-f1 --output-delimiter ::' '--fields=1,3 --only-delimited' \
    '-f1 --zero-terminated' '-d x -f 1' '-f1 -d,' '--co -f1' '--o=x -f1' '--c' '--d' '--x' \
    '--fields' '--complement=1' '--help=1' '--version=x' '-f' '-d' '-f1 -f2' '-f1 -x' '-x -f1' '-fa' '-f1a' '-f1s' '-f0' \
    '-f-' '-f,' '-f1,' '-f,1' '-f2-1' '-f0-3' '-f-0' '-f1-2-3' '-f18446744073709551615' '-f18446744073709551616' \
    '-f1,99999999999999999999999' '-f1-99999999999999999999' '-dab -f1' '-f0 -dab' '-s' '-d,' '-n' '--' \
    '-f 1 2' '-f 1,3 -- -f2' '--out= -f1,2' '-f1 -z -d ""' "-f $'1\x01'" "-f1 -d $'\xc3\xa9'" '-f 1x,2' '-f -'; do
  eval "set -- $args"
  check simple "$@"
  check simple "$@" simple
done

echo "  files: stdin, -, several files, missing, directory, closed stdin"
check simple -f2
check simple -f2 -
check simple -f2 - -
check simple -f2 simple - no-final-newline
check - -f2 no-final-newline simple no-final-newline
check - -f2 missing-file
check - -f2 simple missing-file no-final-newline
check - -f2 . simple
check - -f2 simple "./a file with spaces"
check - -s -f1 crlf only-tabs nul-bytes
cut -f2 - <&- >cut.out 2>cut.err; cut_status=$?
"$tsvcut" -f2 - <&- >tsv.out 2>tsv.err; tsv_status=$?
if ((cut_status == tsv_status)) && cmp -s cut.out tsv.out && [[ "$(sort -u tsv.err)" == "$(sed 's/^cut: /tsvcut: /' cut.err | sort -u)" ]]; then
  passed=$((passed + 1)); else fail "closed stdin: $(cat tsv.err), cut: $(head -1 cut.err)"; fi
"$tsvcut" -f2 simple <&- >tsv.out 2>tsv.err && cmp -s tsv.out <(cut -f2 simple) && passed=$((passed + 1)) || fail "closed stdin with a file operand"

echo "  Unix behaviour: EPIPE, write errors, gzip"
seq 1 2000000 | sed 's/$/\tx/' > numbers
expect "EPIPE stops quietly with 141" 0 "" bash -c "set -o pipefail; \"$tsvcut\" -f1 numbers | head -1 >/dev/null; test \${PIPESTATUS[0]} -eq 141"
if [[ -w /dev/full ]]; then
  cut -f1 simple >/dev/full 2>cut.err
  expect "write error reported once" 1 "^$(sed 's/^cut: /tsvcut: /' cut.err)\$" bash -c "\"$tsvcut\" -f1 numbers numbers >/dev/full"
  [[ $(wc -l < exp.err) == 1 ]] || fail "write error reported $(wc -l < exp.err) times"
fi
gzip -c numbers > numbers.gz
cat numbers.gz numbers.gz > twice.gz; cat numbers numbers > twice
head -c 300000 numbers.gz > truncated.gz
cp numbers.gz garbage.gz; printf 'garbage' >> garbage.gz
python3 - <<'PY' 2>/dev/null || cp numbers.gz corrupt.gz
d = bytearray(open("numbers.gz", "rb").read()); d[len(d) // 2] ^= 0xff; open("corrupt.gz", "wb").write(d)
PY
expect "gzip input is decompressed" 0 "" bash -c "cmp -s <(\"$tsvcut\" -f1 numbers.gz) <(cut -f1 numbers)"
expect "gzip members are concatenated" 0 "" bash -c "cmp -s <(\"$tsvcut\" -f1 twice.gz) <(cut -f1 twice)"
expect "gzip from stdin" 0 "" bash -c "cmp -s <(\"$tsvcut\" -f1 < numbers.gz) <(cut -f1 numbers)"
expect "truncated gzip is an error naming the file" 1 "^tsvcut: truncated.gz: .*(end of file|truncated)" "$tsvcut" -f1 truncated.gz
expect "output before a gzip error is written" 0 "" bash -c "\"$tsvcut\" -f1 truncated.gz 2>/dev/null | head -n -1 | cmp -s - <(cut -f1 numbers | head -n \$(\"$tsvcut\" -f1 truncated.gz 2>/dev/null | wc -l) | head -n -1)"
expect "trailing garbage is an error" 1 "^tsvcut: garbage.gz: .*garbage" "$tsvcut" -f1 garbage.gz
expect "corrupt gzip is an error" 1 "^tsvcut: corrupt.gz: " "$tsvcut" -f1 corrupt.gz
expect "a gzip error does not stop the next file" 1 "^tsvcut: truncated.gz: " "$tsvcut" -f1 truncated.gz simple
tail -2 exp.out | cmp -s - <(cut -f1 simple) || fail "the file after a gzip error was not cut"
expect "bytes mode is refused" 1 "not supported" "$tsvcut" -b1 simple
expect "characters mode is refused" 1 "not supported" "$tsvcut" -c1 simple
expect "--help" 0 "" "$tsvcut" --help
expect "--version" 0 "" "$tsvcut" --version

echo "  8-bit arguments (coreutils' 8bit-delim): delimiters, output delimiters and file names are bytes, not UTF-8"
printf 'a\255b\255c\n\255\n\xff\xfe\t\255x\n' > 8bit
cp 8bit $'8bit-\xff-name'
cp simple $'it\'s-\xb7'
check 8bit $'-d\255' -f2,3 --out=_
check 8bit -d $'\255' -f2,3 --out=_
check 8bit -d $'\255' -f2 --complement
check 8bit -s -d $'\255' -f1
check 8bit -d $'\xff' -f1,2
check 8bit -d $'\xc3' -f1
check simple --output-delimiter=$'\xb7' -f1,2
check simple --output-delimiter=$'\xb7\xff' -f1-
check simple $'--output-delimiter=\xb7' -f2-
check 8bit -d $'\255' --output-delimiter=$'\xb7' -f1-
check - -d $'\255' -f2 $'8bit-\xff-name'
check - -f2 $'it\'s-\xb7' simple
check - -f2 $'missing-\xff-name' simple
check - -f2 $'missing\x01' "it's missing" $'it\'s\nmissing' $'\xffmissing' 'missing~x' $'it\'s\xff' "it's\"x"
check 8bit -f $'1\xff'
check 8bit $'-\xff' -f1
check 8bit -d $'\255\255' -f1

# --- coreutils 9.11's -w, -F and -O: the installed cut (9.1) has none of them, so tsvcut's stdout, exit status and
# stderr are checked against expected values: coreutils' own -w/-F/-O cases (tests/cut/cut.pl, re-expressed here)
# and cases derived from its src/cut.c (docs/tsvcut.md, "Whitespace-delimited fields"); then, for breadth, -w
# against cut 9.1 on the same input with each run of blanks squeezed to one TAB, which is what -w means.
echo "  coreutils 9.11 options (-w, -F, -O): expected values"

# want NAME STDIN STDOUT STATUS STDERR ARGS...: tsvcut with ARGS on STDIN, from a redirected file and from a pipe;
# STDIN and STDOUT are printf formats (\t, \n, \0), STDERR the exact text ('' for none).
want() {
  local name="$1" in="$2" out="$3" status="$4" err="$5"; shift 5
  printf -- "$in" > want.in
  printf -- "$out" > want.expected
  local how actual
  for how in file pipe; do
    if [[ $how == file ]]; then "$tsvcut" "$@" < want.in > want.out 2> want.err; actual=$?
    else cat want.in | "$tsvcut" "$@" > want.out 2> want.err; actual=${PIPESTATUS[1]}; fi
    if ! cmp -s want.expected want.out; then
      fail "$name ($how): stdout '$(sed -n l want.out | tr '\n' ' ' | head -c 120)', expected '$(sed -n l want.expected | tr '\n' ' ' | head -c 120)': tsvcut $(printf '%q ' "$@")"
    elif ((actual != status)); then
      fail "$name ($how): exit status $actual, expected $status: tsvcut $(printf '%q ' "$@")"
    elif [[ "$(cat want.err)" != "$err" ]]; then
      fail "$name ($how): stderr '$(cat want.err)', expected '$err'"
    else
      passed=$((passed + 1))
    fi
  done
}
try=$'\n'"Try 'tsvcut --help' for more information."
mutual="tsvcut: -d and -w are mutually exclusive$try"

# coreutils' cases (tests/cut/cut.pl: w-delim-*, F-delim-*, w-trim-*, multi-list-1, multichar-od, mb-w-*)
want w-delim-1 'a\tb  c\n' 'b\tc\n' 0 '' -w -f2,3
want w-delim-2 '  a b\n' '\ta\n' 0 '' -w -f1,2
want w-delim-3 'abc\n' '' 0 '' -s -w -f2
want w-delim-4 'a b c\n' 'a\n' 0 '' -s -w -f1
want w-delim-5 'a b\n' '' 1 "$mutual" -w -d: -f1
want w-delim-6 'a  \n' 'a\t\n' 0 '' -w -f1,2
want w-delim-7 '  a b\n' '\ta\n' 0 '' --whitespace-delimited -f1,2
want F-delim-1 'a\tb  c\n' 'b c\n' 0 '' -F 2,3
want F-delim-2 'a\tb  c\n' 'b_c\n' 0 '' -F 2,3 -O _
want F-delim-3 '1,2,3\n' '2 3\n' 0 '' -F 2,3 -d ,
want w-trim-1 '  a b  \n' 'a\tb\n' 0 '' --whitespace-delimited=trimmed -f1,2
want w-trim-2 '  a  \n' '' 0 '' -s --whitespace-delimited=trimmed -f1
want multi-list-1 'a b\n' '' 1 "tsvcut: only one list may be specified$try" -f 1 -F 2
want multichar-od 'a:b:c\n' 'b_._c\n' 0 '' -d: -O _._ -f2,3
want w-nodelim 'abc' 'abc\n' 0 '' -w -f2
want w-nbsp-not-blank 'a\302\240b\n' '' 0 '' -sw -f2
want w-emspace-not-blank-in-C 'a\342\200\203b\n' 'a\342\200\203b\n' 0 '' -w -f2

# what counts as a blank: space and TAB only (not CR, VT, FF, newline under -z, or bytes above 0x7f)
want blanks-only-space-tab 'a\rb\vc\fd e\n' 'a\rb\vc\fd\n' 0 '' -w -f1
want blanks-high-bytes 'a\240b\377 c\n' 'c\n' 0 '' -w -f2
want blank-runs-mixed 'a \t \t b\t\t\tc\n' 'b\n' 0 '' -w -f2
want open-range-rejoined 'a  b \t c   d\n' 'b\tc\td\n' 0 '' -w -f2-
want open-range-F 'a  b \t c\n' 'b c\n' 0 '' -F 2-
want leading-blank-empty-field ' \ta\n' '\n' 0 '' -w -f1
want trailing-blank-empty-field 'a \t\n' '\n' 0 '' -w -f2
want fields-past-the-end 'a b\n' '\n' 0 '' -w -f3
want blank-only-lines '  \n\t\n' '\t\n\t\n' 0 '' -w -f1,2
want empty-line '\n' '\n' 0 '' -w -f1
want empty-line-s '\n' '' 0 '' -s -w -f2
want unterminated-last 'a b\nc d' 'b\nd\n' 0 '' -w -f2
want unterminated-blanks '  ' '\n' 0 '' -w -f2
want complement 'a b  c\n' 'a\tc\n' 0 '' -w --complement -f2
want complement-s 'a b c\nabc\n' 'a c\n' 0 '' -s --complement -F2
want output-delimiter-long 'a b c\n' 'a<>c\n' 0 '' -w --output-delimiter='<>' -f1,3
want output-delimiter-nul 'a b c\n' 'a\0c\n' 0 '' -w -O '' -f1,3
want O-after-F 'a b c\n' 'a,c\n' 0 '' -F 1,3 --output-delimiter=,
want O-before-F 'a b c\n' 'a,c\n' 0 '' -O, -F 1,3
want d-before-F 'a:b c:d\n' 'a d\n' 0 '' -d: -F 1,3
want zero-terminated 'a b\nc\0d\te\0' 'b\nc\0e\0' 0 '' -z -w -f2
want zero-terminated-s 'a b\0cd\0' 'a\0' 0 '' -z -s -w -f1
want zero-no-9.1-quirk 'a ' 'a\0' 0 '' -z -s -w -f1
want nothing-selected 'a b\nab\nc' '\n\n' 0 '' -w --complement -f1-
want nothing-selected-s 'a b\nab\n' '' 0 '' -s -w --complement -f1-
want nothing-selected-max 'a b\nab\n' '\n\n' 0 '' -w --complement -f1-18446744073709551614

# =trimmed
want trim-inner 'a   b\n' 'b\n' 0 '' --whitespace-delimited=trimmed -f2
want trim-undelimited-line ' \t x \t \n' 'x\n' 0 '' --whitespace-delimited=trimmed -f2
want trim-blank-line ' \t \n' '\n' 0 '' --whitespace-delimited=trimmed -f2
want trim-blank-line-s ' \t \n' '' 0 '' -s --whitespace-delimited=trimmed -f1
want trim-fields ' a b c \n' 'a\tc\n' 0 '' --whitespace-delimited=trimmed -f1,3
want trim-open-range '  a  b  c  ' 'b\tc\n' 0 '' --whitespace-delimited=trimmed -f2-
want trim-last-blanks-f1 'a\n  ' 'a\n\n' 0 '' --whitespace-delimited=trimmed -f1
want trim-last-blanks-f2 'a\n  ' 'a\n' 0 '' --whitespace-delimited=trimmed -f2
want trim-last-blanks-s 'a b\n  ' 'a\n' 0 '' -s --whitespace-delimited=trimmed -f1
want trim-nothing-selected 'a b\n ab \n' '\nab\n' 0 '' --whitespace-delimited=trimmed --complement -f1-
want trim-with-F ' a  b \n' 'a b\n' 0 '' -F1,2 --whitespace-delimited=trimmed
want trim-abbreviated ' a b\n' 'a\n' 0 '' --whi=t -f1
want trim-empty-argument ' a b\n' 'a\n' 0 '' --whitespace-delimited= -f1
want trim-then-w ' a b\n' '\n' 0 '' --whitespace-delimited=trimmed -w -f1

# the command line
want w-bundled 'a b\n' 'b\n' 0 '' -swf2
want F-attached 'a b\n' 'b\n' 0 '' -F2
want w-long-prefix 'a b\n' 'b\n' 0 '' --w -f2
want w-after-d 'a b\n' '' 1 "$mutual" -d, -f1 -w
want w-d-before-list-errors 'a b\n' '' 1 "$mutual" -d, -w -f0
want F-w-d 'a b\n' '' 1 "$mutual" -F1 -w -d,
want w-d-no-list 'a b\n' '' 1 "tsvcut: you must specify a list of bytes, characters, or fields$try" -w -d,
want w-d-then-bad-option 'a b\n' '' 1 "tsvcut: invalid option -- 'x'$try" -w -d, -x -f1
want w-bad-argument 'a b\n' '' 1 "tsvcut: invalid argument 'x' for '--whitespace-delimited'"$'\n'"Valid arguments are:"$'\n'"  - 'trimmed'$try" --whitespace-delimited=x -f1
want w-argument-too-long 'a b\n' '' 1 "tsvcut: invalid argument 'trimmedx' for '--whitespace-delimited'"$'\n'"Valid arguments are:"$'\n'"  - 'trimmed'$try" --whitespace-delimited=trimmedx -f1
want w-argument-not-taken 'a b\n' '' 1 "tsvcut: trimmed: No such file or directory" --whitespace-delimited trimmed -f1
want w-short-no-argument 'a b\n' '' 1 "tsvcut: invalid option -- '1'$try" -w1 -f1
want F-missing-argument '' '' 1 "tsvcut: option requires an argument -- 'F'$try" -F
want O-missing-argument '' '' 1 "tsvcut: option requires an argument -- 'O'$try" -f1 -O

echo "  -w, -F, -O against cut 9.1 on the input with its blank runs squeezed to one TAB"
w_files=("${small[@]}")
w_lists=(1 2 1,3 2- -2)
printf 'a b  c\n  lead\ttab\t \tmix\ntrail  \n\n \n' > blanks
printf ' x y\n\t\t\n z' > blanks-unterminated
w_files+=(blanks blanks-unterminated)
w_options=('' '-s' '--complement' '-s --complement')
w_forms=(w F O)
for wi in "${!w_files[@]}"; do
  file=${w_files[wi]}
  tr -s ' \t' '\t' < "$file" > squeezed
  for li in "${!w_lists[@]}"; do
    list=${w_lists[li]}
    for oi in "${!w_options[@]}"; do
      options=${w_options[oi]}
      for form_index in "${!w_forms[@]}"; do
        form=${w_forms[form_index]}
        rotation $((li * ${#w_options[@]} + oi + form_index)) "$wi" ${#w_files[@]} || continue
        # shellcheck disable=SC2086
        case $form in
          w) "$tsvcut" -w $options -f "$list" "$file" >tsv.out 2>&1; tsv_status=$?
             cut $options -f "$list" squeezed >cut.out 2>&1; cut_status=$? ;;
          F) "$tsvcut" $options -F "$list" "$file" >tsv.out 2>&1; tsv_status=$?
             cut $options --output-delimiter=' ' -f "$list" squeezed >cut.out 2>&1; cut_status=$? ;;
          O) "$tsvcut" -w -O XY $options -f "$list" "$file" >tsv.out 2>&1; tsv_status=$?
             cut --output-delimiter=XY $options -f "$list" squeezed >cut.out 2>&1; cut_status=$? ;;
        esac
        if cmp -s cut.out tsv.out && ((cut_status == tsv_status)); then passed=$((passed + 1))
        else fail "-$form $options -f $list $file: tsvcut differs from cut on the squeezed input (exit $tsv_status, cut $cut_status; $(cmp cut.out tsv.out 2>&1 | head -1))"; fi
      done
    done
  done
done

if ((emulated)); then
  echo "  emulated: bounded memory and the 1.1 GiB line are left to the native runs"
  echo "  differential suite: $passed passed, $failed failed"
  ((failed == 0))
  exit
fi

echo "  bounded memory (coreutils' bounded-memory.sh): an endless line under ulimit -v, then resident memory"
# One malloc arena: glibc gives each new thread its own arena, reserving 64 MiB of address space at the thread's
# first malloc. Under ulimit -v that reservation races the runtime's start-up in the main thread, and when it
# wins the runtime cannot start: exit 255 and no message, in 2-5% of runs at any limit (seen: 3 of 60 runs at
# 200000 KiB, 0 of 60 with this setting). cut is single-threaded; the setting changes nothing for it.
export MALLOC_ARENA_MAX=1
# The least address space (KiB) in which tsvcut runs at all, as coreutils' get_min_ulimit_v_ finds it for cut:
# counting up, since the runtime's start-up is not monotonic in the limit (it may abort at a limit above one it
# ran in), to where it runs both there and with the 6000 KiB the test adds. (The runtime aborts quietly here.)
runs_in() { bash -c 'ulimit -v "$1" && exec "$2" -f1 /dev/null' _ "$1" "$tsvcut" >/dev/null 2>&1; }
vm_high=20000
{ while ((vm_high < 4000000)) && ! { runs_in "$vm_high" && runs_in $((vm_high + 6000)); }; do vm_high=$((vm_high + 2000)); done; } 2>/dev/null
# coreutils checks -f1 and -s -f2 ('-s -f1' cannot be bounded: field 1 is printed only if a delimiter follows;
# nor can -f2 without -s: a line without the delimiter is printed whole). Still running after 1 s (exit 124),
# not killed by the limit, is a pass.
for opts in '-f1' '-s -f2' '-f1-' '-s -f2-' '-f1,3' '--complement -f2' '-s --output-delimiter=XY -f2-4' '-z -d x -f1'; do
  # shellcheck disable=SC2086
  timeout 1 bash -c "ulimit -v $((vm_high + 6000)) && \"\$0\" $opts </dev/zero >/dev/null 2>bounded.err" "$tsvcut"
  status=$?
  if ((status == 124)); then passed=$((passed + 1)); else fail "tsvcut $opts </dev/zero under ulimit -v $((vm_high + 6000)): exit $status ($(head -c 200 bounded.err))"; fi
done
"$tsvcut" -f1 </dev/zero >/dev/null 2>&1 &
pid=$!
sleep 2
hwm=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
echo "    tsvcut -f1 </dev/zero: peak resident memory ${hwm:-?} KiB after 2 s; address space limit $((vm_high + 6000)) KiB"
if [[ -n "$hwm" ]] && ((hwm < 65536)); then passed=$((passed + 1))
elif [[ -z "$hwm" && ! -r /proc/self/status ]]; then echo "    (no /proc: resident memory not checked)"
else fail "tsvcut -f1 </dev/zero: peak resident memory ${hwm:-unknown: tsvcut had ended} KiB after 2 s (limit 64 MiB)"; fi

# What cannot be bounded runs out cleanly: -f2 holds field 1 (a line without the delimiter is printed whole), so
# a 600 MB line without one under a 60 MB allowance ends as cut's does: the lines before it out, "memory
# exhausted", exit 1 (cut's own limit is smaller: it needs less to start).
limit=$((vm_high + 60000))
{ while ((limit < 4000000)) && ! runs_in "$limit"; do limit=$((limit + 2000)); done; } 2>/dev/null
for program in cut "$tsvcut"; do
  [[ $program == cut ]] && program_limit=30000 || program_limit=$limit
  bash -c 'ulimit -v "$1" && { printf "a\tb\n"; head -c 600000000 /dev/zero; } | "$2" -f2 >oom.out 2>oom.err; echo "${PIPESTATUS[1]}" >oom.status' _ "$program_limit" "$program" 2>/dev/null
  [[ $program == cut ]] && { sed 's/^cut: /tsvcut: /' oom.err > cut-oom.err; cp oom.out cut-oom.out; cut_oom_status=$(cat oom.status); }
done
if [[ "$(cat oom.status)" == 1 ]] && cmp -s oom.out <(printf 'b\n') && [[ "$(cat oom.err)" == "tsvcut: memory exhausted" ]] \
    && { [[ $cut_oom_status != 1 ]] || { cmp -s oom.out cut-oom.out && cmp -s oom.err cut-oom.err; }; }; then passed=$((passed + 1))
else fail "a line without the delimiter past memory, -f2: exit $(cat oom.status), stdout '$(head -c 20 oom.out)', stderr '$(head -c 200 oom.err)'; cut: exit $cut_oom_status, '$(head -c 200 cut-oom.err)'"; fi
# The same with almost no memory to spare: an endless line held as field 1 (-s -f1) under the allowance of the
# checks above (start-up plus 6000 KiB), so the allocation fails within a few MB and reporting it must need none
# (StandardError's buffer is allocated at start-up; a Console stream set up at that point failed with ENOMEM).
# Measured on the 2-core x64 VM: start-up needs 40,000-41,000 KiB; from 41,000 KiB to 200,000 KiB every run (30 at
# each of 11 limits) ended "memory exhausted", exit 1. cut ends the same way.
bash -c 'ulimit -v "$1" && exec "$2" -s -f1 /dev/zero >oom.out 2>oom.err' _ $((vm_high + 6000)) "$tsvcut" 2>/dev/null
status=$?
if ((status == 1)) && [[ ! -s oom.out && "$(cat oom.err)" == "tsvcut: memory exhausted" ]]; then passed=$((passed + 1))
else fail "tsvcut -s -f1 /dev/zero under ulimit -v $((vm_high + 6000)): exit $status, stdout '$(head -c 20 oom.out)', stderr '$(head -c 300 oom.err)' (expected 'tsvcut: memory exhausted', exit 1)"; fi

unset MALLOC_ARENA_MAX
echo "  a 1.1 GiB line (past a span's 1 GiB) from a pipe, in a gzip file and in a plain file, with lines around it"
huge() { printf 'first\tline\n'; head -c 550000000 /dev/zero; printf '\t'; head -c 550000000 /dev/zero; printf '\tz\nlast\tline\n'; }
{ printf 'first\tline\n' | gzip -1
  head -c 110000000 /dev/zero | gzip -1 > zeros.gz
  for _ in 1 2 3 4 5; do cat zeros.gz; done; printf '\t' | gzip -1
  for _ in 1 2 3 4 5; do cat zeros.gz; done; printf '\tz\nlast\tline\n' | gzip -1; } > huge.gz
for list in 1 2- '3 -s'; do
  # shellcheck disable=SC2086
  expected=$(huge | cut -f $list | cksum)
  # shellcheck disable=SC2086
  for source in pipe gzip; do
    # shellcheck disable=SC2086
    if [[ $source == pipe ]]; then actual=$(huge | "$tsvcut" -f $list 2>huge.err | cksum; echo "exit ${PIPESTATUS[1]}")
    else actual=$("$tsvcut" -f $list huge.gz 2>huge.err | cksum; echo "exit ${PIPESTATUS[0]}"); fi
    if [[ "$actual" == "$expected"$'\n'"exit 0" && ! -s huge.err ]]; then passed=$((passed + 1))
    else fail "1.1 GiB line, $source, -f $list: cksum and status '$(echo $actual)' ($(head -c 200 huge.err)), cut: '$expected'"; fi
  done
  if [[ "$list" == 1 ]]; then
    huge > huge.txt
    actual=$("$tsvcut" -f 1 huge.txt 2>huge.err | cksum; echo "exit ${PIPESTATUS[0]}")
    if [[ "$actual" == "$expected"$'\n'"exit 0" && ! -s huge.err ]]; then passed=$((passed + 1))
    else fail "1.1 GiB line, plain file, -f 1: cksum and status '$(echo $actual)' ($(head -c 200 huge.err)), cut: '$expected'"; fi
    rm -f huge.txt
  fi
done
rm -f huge.gz zeros.gz

echo "  differential suite: $passed passed, $failed failed"
((failed == 0))
