// A copy of the project in the system's temporary folder (the files git tracks or would add, node_modules linked), for
// a step whose writes (.cache/, public/, data/) must not meet another step's. `tsx e2e/tools/project-copy.ts <command>`
// runs the command in a fresh copy, left until the next run replaces it: a server stopped by its process group (as
// Playwright stops gatsby develop) cannot be waited for to remove it.
import { execFileSync, spawn } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";

const root = path.resolve(__dirname, "..", "..");

/** A fresh copy of the project's files but those `skip` names, in a folder named after `name` and the project's path. */
export function copyProject(name: string, skip: (file: string) => boolean = () => false): string {
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => file && !skip(file) && fs.existsSync(path.join(root, file)));
  const copy = path.join(os.tmpdir(), `${name}${root.replace(/\W/g, "-")}`);
  fs.rmSync(copy, { recursive: true, force: true });
  for (const file of files) fs.cpSync(path.join(root, file), path.join(copy, file));
  fs.symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"));
  return copy;
}

if (require.main === module) {
  const [command, ...args] = process.argv.slice(2);
  const child = spawn(command, args, { cwd: copyProject("project-copy"), stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}
