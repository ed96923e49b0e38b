#!/usr/bin/env bash
# The documentation's C# examples as compilable files, for the package consumers (tests/Consumers/Docs*), which
# build them against the packed .nupkg in the configurations each block claims.
#   eng/doc-examples.sh [OUT]   (OUT defaults to artifacts/examples; it is emptied first)
#
# Which blocks: every fence opened with ```csharp, ```cs or ```c# in README.md, src/FastText/PACKAGE.md and
# docs/*.md. The words after the language name (the info string, which GitHub and nuget.org do not show) name
# the configurations the block must compile in:
#   net8   a net8.0 project on its default C# 12 (implicit usings and nullable on, as `dotnet new` makes it)
#   net10  a net10.0 project on its default C# (14)
#   cs73   a netstandard2.0 project on C# 7.3 (the default for netstandard2.0 and .NET Framework projects)
#   none   nowhere (the doc says why in the line above the block)
# No words means `net8 net10`. Any other word fails, so a typo cannot drop a block silently.
#
# What a block becomes (OUT/<configuration>/<doc>-<NN>.cs, NN the block's number among the doc's C# blocks):
# its `using` directives at the top (a block without any gets the usual namespaces: it is a fragment that
# continues the doc's earlier blocks); type declarations starting at column 0 (class, struct, record, interface,
# enum) at namespace level; `static readonly` and `const` fields as members of a generated class; everything else
# the body of one method of that class (async when it awaits, returning object when it returns). The class derives
# from DocExamples.Context (tests/Consumers/Docs/Context.cs), which declares the names the examples use without
# declaring (`bytes`, `id`, `Send`, `MyHandler`, ...). `#line` directives map every line back to the doc (by its
# absolute path: the compiler opens the file), so an error names the doc's file and line.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-artifacts/examples}
rm -rf "$out"
mkdir -p "$out/net8" "$out/net10" "$out/cs73"

docs=(README.md src/FastText/PACKAGE.md docs/*.md)
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT

for doc in "${docs[@]}"; do
  stem=$(sed -E 's#^src/FastText/##; s#\.md$##; s#/#-#g' <<<"$doc")
  awk -v root="$PWD" -v doc="$doc" -v stem="$stem" -v out="$out" -v summary="$summary" '
    # The line without string and char literals and without a // comment: what brace counts and ends look at.
    function code(s) {
      gsub(/"([^"\\]|\\.)*"/, "\"\"", s); gsub(charlit, q q, s)
      sub(/\/\/.*$/, "", s); sub(/[ \t]+$/, "", s)
      return s
    }
    function count(s, ch,    n) { n = gsub(ch, "", s); return n }
    # Appends doc line i to section sec, with a #line directive where the doc lines stop being consecutive.
    function put(sec, i) {
      if (last[sec] != LN[i] - 1) text[sec] = text[sec] "#line " LN[i] " \"" root "/" doc "\"\n"
      text[sec] = text[sec] L[i] "\n"; last[sec] = LN[i]
    }
    function emit(    i, l, c, mode, depth, opened, sig, awaits, returns, file, ns, t, k, body, usings) {
      split("usings types fields statements", names, " ")
      for (k in names) { text[names[k]] = ""; last[names[k]] = -9 }
      mode = ""; awaits = 0; returns = 0
      for (i = 1; i <= lines; i++) {
        l = L[i]; c = code(l)
        if (mode == "" && l ~ /^[ \t]*$/) continue
        if (mode == "type") {
          put("types", i); depth += count(c, "[{]") - count(c, "[}]"); if (index(c, "{")) opened = 1
          if (opened && depth <= 0) mode = ""
          continue
        }
        if (mode == "field") { put("fields", i); if (c ~ /;$/) mode = ""; continue }
        if (l ~ /^using +(static +)?[A-Za-z_][A-Za-z0-9_.]* *;/ || l ~ /^using +[A-Za-z_][A-Za-z0-9_]* *= *[^;(]+;/) {
          put("usings", i)
        } else if (l ~ /^((public|private|internal|protected|static|readonly|sealed|abstract|partial|unsafe|ref|file) +)*(class|struct|record|interface|enum) +[A-Za-z_]/) {
          put("types", i); depth = count(c, "[{]") - count(c, "[}]"); opened = index(c, "{") > 0
          mode = (opened && depth <= 0) || c ~ /;$/ ? "" : "type"
        } else if (l ~ /^((public|private|internal|protected) +)?(static +readonly|const) /) {
          put("fields", i); mode = c ~ /;$/ ? "" : "field"
        } else {
          put("statements", i)
          if (c ~ /(^|[^A-Za-z0-9_])await[ \t(]/) awaits = 1
          if (c ~ /(^|[^A-Za-z0-9_.])return([ \t;]|$)/) returns = 1
        }
      }
      sig = awaits ? (returns ? "async System.Threading.Tasks.Task<object> Run()" : "async System.Threading.Tasks.Task Run()") \
        : (returns ? "object Run()" : "void Run()")
      usings = text["usings"]
      if (usings == "") {
        usings = "using System;\nusing System.Buffers;\nusing System.Collections.Generic;\nusing System.Globalization;\n" \
          "using System.IO;\nusing System.IO.Compression;\nusing System.IO.Pipelines;\nusing System.Text;\nusing System.Threading;\n" \
          "using CommunityToolkit.HighPerformance.Buffers;\nusing FastText;\n"
      }
      ns = "DocExamples." toupper(substr(stem, 1, 1)) substr(stem, 2) "_" sprintf("%02d", n); gsub(/[^A-Za-z0-9_.]/, "_", ns)
      body = "// Generated by eng/doc-examples.sh from " doc ", C# block " n " (line " start "): edit the doc, not this file.\n" \
        usings "#line default\n" \
        "namespace " ns "\n{\n" text["types"] "#line default\n" \
        "    internal sealed class Example : global::DocExamples.Context\n    {\n" text["fields"] "#line default\n" \
        "        internal static " sig "\n        {\n" \
        text["statements"] "#line default\n        }\n    }\n}\n"
      t = split(tags, tag, " ")
      for (k = 1; k <= t; k++) {
        if (tag[k] == "none") continue
        if (tag[k] !~ /^(net8|net10|cs73)$/) {
          printf "%s:%d: unknown configuration \"%s\" after the language name (net8, net10, cs73 or none)\n", doc, start, tag[k] > "/dev/stderr"
          failed = 1; continue
        }
        file = out "/" tag[k] "/" stem "-" sprintf("%02d", n) ".cs"
        printf "%s", body > file; close(file)
        printf "%s %s\n", doc, tag[k] >> summary
      }
      printf "%s block\n", doc >> summary
    }
    BEGIN { n = 0; inblock = 0; failed = 0; q = sprintf("%c", 39); charlit = q "([^" q "\\\\]|\\\\.)+" q }
    !inblock && match($0, /^ *```(csharp|cs|c#)([ \t]|$)/) {
      indent = $0; sub(/[^ ].*$/, "", indent)
      tags = substr($0, RLENGTH + 1); gsub(/^[ \t]+|[ \t]+$/, "", tags)
      if (tags == "") tags = "net8 net10"
      n++; inblock = 1; lines = 0; start = NR
      next
    }
    inblock && /^ *```[ \t]*$/ { emit(); inblock = 0; next }
    inblock { l = $0; if (substr(l, 1, length(indent)) == indent) l = substr(l, length(indent) + 1); L[++lines] = l; LN[lines] = NR }
    END {
      if (inblock) { printf "%s:%d: the C# block is not closed\n", doc, start > "/dev/stderr"; exit 1 }
      if (n == 0) printf "%s empty\n", doc >> summary
      exit failed
    }' "$doc"
done

# One line per doc (its blocks, and how many each configuration compiles), then the totals per configuration.
awk '
  !($1 in blocks) { order[++docs] = $1; blocks[$1] = 0 }
  $2 == "block" { blocks[$1]++; all++ }
  $2 ~ /^(net8|net10|cs73)$/ { per[$1 " " $2]++; total[$2]++ }
  END {
    for (i = 1; i <= docs; i++) {
      d = order[i]
      printf "  %-26s %2d C# blocks: net8.0 %2d, net10.0 %2d, netstandard2.0 C# 7.3 %2d\n", d, blocks[d], per[d " net8"], per[d " net10"], per[d " cs73"]
    }
    printf "  %-26s %2d C# blocks: net8.0 %2d, net10.0 %2d, netstandard2.0 C# 7.3 %2d\n", "all", all, total["net8"], total["net10"], total["cs73"]
  }' "$summary"
