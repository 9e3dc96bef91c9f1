#!/usr/bin/env node
// `npx hessian-mcp serve`: runs the hessian binary of this platform, which
// npm installed as the optional dependency hessian-mcp-<platform>-<arch>.
// stdio is inherited, so the MCP stream goes straight to the binary.
"use strict";
const { spawn } = require("node:child_process");
const path = require("node:path");

const platform = `${process.platform}-${process.arch}`;
const exe = process.platform === "win32" ? "hessian.exe" : "hessian";
let binary = process.env.HESSIAN_BINARY;
if (!binary) {
  try {
    const manifest = require.resolve(`hessian-mcp-${platform}/package.json`);
    binary = path.join(path.dirname(manifest), "bin", exe);
  } catch {
    process.stderr.write(
      `hessian-mcp: no binary for ${platform} was installed (package hessian-mcp-${platform}).\n` +
        "Download an archive from the releases page, or build from source: cargo install hessian-mcp\n",
    );
    process.exit(1);
  }
}
const child = spawn(binary, process.argv.slice(2), { stdio: "inherit" });
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
