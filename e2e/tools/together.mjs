// Runs npm scripts side by side (`node e2e/tools/together.mjs lint typecheck`), for the steps of `npm test` that
// leave a core idle on a two-core machine: each one's output is printed whole as it ends, and the run fails, after
// all have ended, if any of them failed.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const child = spawn("npm", ["run", script], { stdio: ["ignore", "pipe", "pipe"] });
        const output = [];
        child.stdout.on("data", (chunk) => output.push(chunk));
        child.stderr.on("data", (chunk) => output.push(chunk));
        child.on("close", (code) => {
          process.stdout.write(Buffer.concat(output));
          resolve({ script, code });
        });
      }),
  ),
);
const failed = results.filter(({ code }) => code !== 0).map(({ script }) => script);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(", ")}.`);
  process.exit(1);
}
