#!/usr/bin/env node
// `npx hessian-mcp serve`: runs the hessian binary of this platform, which
// npm installed as the optional dependency hessian-mcp-<platform>-<arch>.
// stdio is inherited, so the MCP stream goes straight to the binary.
// Only this platform's package is looked up, on disk: no other platform is
// resolved and nothing is fetched. HESSIAN_BINARY overrides the binary.
"use strict";
const { spawn } = require("node:child_process");

const platform = `${process.platform}-${process.arch}`;
const pkg = `hessian-mcp-${platform}`;
const exe = process.platform === "win32" ? "hessian.exe" : "hessian";

function find() {
  if (process.env.HESSIAN_BINARY) return process.env.HESSIAN_BINARY;
  try {
    // Resolves from this file's node_modules ancestry, the way npm, pnpm and
    // npx lay out an optional dependency; one package, read from disk.
    return require.resolve(`${pkg}/bin/${exe}`);
  } catch {
    process.stderr.write(
      `hessian-mcp: no hessian binary for ${platform}: the package ${pkg} is not installed ` +
        "(npm skips optional dependencies with --no-optional or --omit=optional, and there is none for other platforms).\n" +
        "Either set HESSIAN_BINARY to the path of a hessian binary, e.g. from the release archive " +
        `hessian-<version>-<target>.tar.gz (built by packaging/build.sh, or from the project's releases page),\n` +
        "or build one from source: cargo install --path crates/cli (in a checkout).\n",
    );
    process.exit(1);
  }
}

const binary = find();
const env = { ...process.env };
// Run from npx's cache, the binary's own path goes stale: tell it so that
// `hessian config <host>` prints the `npx -y hessian-mcp serve` form instead.
if (!env.HESSIAN_LAUNCHER && (env.npm_command === "exec" || /[\\/]_npx[\\/]/.test(__dirname))) {
  env.HESSIAN_LAUNCHER = "npx";
}
const child = spawn(binary, process.argv.slice(2), { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("error", (e) => {
  process.stderr.write(`hessian-mcp: could not start ${binary}: ${e.message}\n`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
