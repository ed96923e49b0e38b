#!/usr/bin/env bash
# The documentation's C# examples as files that compile and run, for the package consumers (tests/Consumers/Docs*),
# which build them against the packed .nupkg in the configurations each block claims and run every one of them.
#   eng/doc-examples.sh [OUT]   (OUT defaults to artifacts/examples; it is emptied first)
#
# Which blocks: every fence opened with ```csharp, ```cs or ```c# in README.md, src/FastText/PACKAGE.md and
# docs/*.md. The words after the language name (the info string, which GitHub and nuget.org do not show) name
# the configurations the block must compile and run in:
#   net8   a net8.0 project on its default C# 12 (implicit usings and nullable on, as `dotnet new` makes it)
#   net10  a net10.0 project on its default C# (14)
#   cs73   a netstandard2.0 project on C# 7.3 (the default for netstandard2.0 and .NET Framework projects), run by
#          the net48 app tests/Consumer.Net48 on Mono (eng/test-mono.sh)
#   none   nowhere (the doc says why in the line above the block)
# No words means `net8 net10`. Any other word fails, so a typo cannot drop a block silently.
#
# What a block prints: every block that runs ends with a line `// Output:` and, after it, one comment line per line
# it writes to standard output (`// text`, or `//` for an empty line), as Go's testable examples do. The runner
# (tests/Consumers/Docs/ExampleRunner.cs) runs the block with standard output captured, in an empty working folder
# of its own and the invariant culture, and fails unless it printed exactly those lines. A block without them fails
# here.
#
# What a block becomes (OUT/<configuration>/<doc>-<NN>.cs, NN the block's number among the doc's C# blocks):
# its `using` directives at the top (nothing else: a block names every namespace it uses beyond a net8.0 project's
# implicit usings); type declarations starting at column 0 (class, struct, record, interface, enum) at namespace
# level; `static readonly` and `const` fields as members of a generated class; everything else the body of one
# method of that class (async when it awaits). `#line` directives map every line back to the doc (by its absolute
# path: the compiler opens the file), so an error names the doc's file and line. OUT/<configuration>/Catalog.cs lists
# the configuration's examples, each with its doc, lines and expected output, for the runner.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-artifacts/examples}
rm -rf "$out"
configurations=(net8 net10 cs73)
for configuration in "${configurations[@]}"; do mkdir -p "$out/$configuration"; done

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
    # s as the contents of a C# string literal (char by char: awks differ in how gsub treats a backslash).
    function literal(s,    r, i, ch) {
      r = ""
      for (i = 1; i <= length(s); i++) {
        ch = substr(s, i, 1)
        if (ch == bs || ch == "\"") r = r bs ch
        else if (ch == "\t") r = r bs "t"
        else r = r ch
      }
      return r
    }
    function emit(    i, l, c, mode, depth, opened, sig, runAsync, awaits, file, ns, t, k, body, expected, entry) {
      split("usings types fields statements", names, " ")
      for (k in names) { text[names[k]] = ""; last[names[k]] = -9 }
      mode = ""; awaits = 0
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
        }
      }
      sig = awaits ? "async global::System.Threading.Tasks.Task Run()" : "void Run()"
      runAsync = awaits ? "return Run();" : "Run();\n            return global::System.Threading.Tasks.Task.CompletedTask;"
      expected = ""
      for (i = 1; i <= outputs; i++) expected = expected literal(O[i]) "\\n"
      ns = toupper(substr(stem, 1, 1)) substr(stem, 2) "_" sprintf("%02d", n); gsub(/[^A-Za-z0-9_]/, "_", ns)
      body = "// Generated by eng/doc-examples.sh from " doc ", C# block " n " (line " start "): edit the doc, not this file.\n" \
        text["usings"] "#line default\n" \
        "namespace DocExamples." ns "\n{\n" text["types"] "#line default\n" \
        "    internal sealed class Example\n    {\n" \
        "        /// <summary>What the doc says the example prints (its // Output: lines, from line " outputLine ").</summary>\n" \
        "        internal const string ExpectedOutput = \"" expected "\";\n\n" \
        "        internal static global::System.Threading.Tasks.Task RunAsync()\n        {\n            " runAsync "\n        }\n\n" \
        text["fields"] "#line default\n" \
        "        internal static " sig "\n        {\n" \
        text["statements"] "#line default\n        }\n    }\n}\n"
      entry = "                new DocExample(\"" doc "\", " start ", " outputLine ", global::DocExamples." ns ".Example.ExpectedOutput, global::DocExamples." ns ".Example.RunAsync),"
      t = split(tags, tag, " ")
      for (k = 1; k <= t; k++) {
        if (tag[k] == "none") continue
        if (tag[k] !~ /^(net8|net10|cs73)$/) {
          printf "%s:%d: unknown configuration \"%s\" after the language name (net8, net10, cs73 or none)\n", doc, start, tag[k] > "/dev/stderr"
          failed = 1; continue
        }
        if (!outputLine) {
          printf "%s:%d: the C# block ends without a \"// Output:\" line and the lines it prints (or the configuration none)\n", doc, start > "/dev/stderr"
          failed = 1; continue
        }
        file = out "/" tag[k] "/" stem "-" sprintf("%02d", n) ".cs"
        printf "%s", body > file; close(file)
        file = out "/" tag[k] "/catalog.txt"
        print entry >> file; close(file)
        printf "%s %s\n", doc, tag[k] >> summary
      }
      printf "%s block\n", doc >> summary
    }
    BEGIN { n = 0; inblock = 0; failed = 0; bs = sprintf("%c", 92); q = sprintf("%c", 39); charlit = q "([^" q "\\\\]|\\\\.)+" q }
    !inblock && match($0, /^ *```(csharp|cs|c#)([ \t]|$)/) {
      indent = $0; sub(/[^ ].*$/, "", indent)
      tags = substr($0, RLENGTH + 1); gsub(/^[ \t]+|[ \t]+$/, "", tags)
      if (tags == "") tags = "net8 net10"
      n++; inblock = 1; lines = 0; outputs = 0; outputLine = 0; start = NR
      next
    }
    inblock && /^ *```[ \t]*$/ { emit(); inblock = 0; next }
    inblock {
      l = $0; if (substr(l, 1, length(indent)) == indent) l = substr(l, length(indent) + 1)
      if (outputLine) {
        # After "// Output:", only the printed lines, as comments.
        if (l ~ /^\/\/( |$)/) { O[++outputs] = substr(l, 4); next }
        if (l ~ /^[ \t]*$/) next
        printf "%s:%d: only \"// ...\" lines (what the example prints) may follow \"// Output:\"\n", doc, NR > "/dev/stderr"
        failed = 1; next
      }
      if (l ~ /^\/\/ Output:[ \t]*$/) { outputLine = NR; next }
      L[++lines] = l; LN[lines] = NR
    }
    END {
      if (inblock) { printf "%s:%d: the C# block is not closed\n", doc, start > "/dev/stderr"; exit 1 }
      if (n == 0) printf "%s empty\n", doc >> summary
      exit failed
    }' "$doc"
done

# Each configuration's catalog: its examples in the docs' order, for tests/Consumers/Docs/ExampleRunner.cs.
for configuration in "${configurations[@]}"; do
  {
    printf '// Generated by eng/doc-examples.sh: the %s examples of README.md, src/FastText/PACKAGE.md and docs/*.md.\n' "$configuration"
    printf 'namespace DocExamples\n{\n    /// <summary>Every documentation example this project compiles, in the docs'"'"' order.</summary>\n'
    printf '    public static class Catalog\n    {\n        /// <summary>The examples, each with its doc, lines and expected output.</summary>\n'
    printf '        public static DocExample[] All()\n        {\n            return new DocExample[]\n            {\n'
    cat "$out/$configuration/catalog.txt" 2>/dev/null || true
    printf '            };\n        }\n    }\n}\n'
  } >"$out/$configuration/Catalog.cs"
  rm -f "$out/$configuration/catalog.txt"
done

# One line per doc (its blocks, and how many each configuration compiles and runs), then the totals.
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
