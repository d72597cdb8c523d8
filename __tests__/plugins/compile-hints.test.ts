/**
 * @jest-environment node
 */
// The compile-hint plugin in a real webpack 5 production build (Terser, source maps, content hashes), as Gatsby's
// build-javascript stage runs it: every script opens with V8's magic comment, the maps still point at the source, and
// the file names still hash the content.
import fs from "fs";
import os from "os";
import path from "path";
import webpack from "webpack";
import TerserPlugin from "terser-webpack-plugin";
import { SourceMapConsumer } from "source-map-js";
import { COMPILE_HINT, CompileHintsPlugin } from "../../plugins/publish/static-first/compile-hints";

const ENTRY = `import { greet } from "./greet";
document.body.dataset.greeting = greet("visitor");
import("./later").then((later) => later.run());
`;
const GREET = `export function greet(name) {
  const greeting = "Hello, " + name;
  return greeting;
}
`;
const LATER = `/*! a licence the minifier keeps apart */
export function run() {
  return "later " + Math.random();
}
`;

let dir: string;

function build(withPlugin: boolean): Promise<webpack.Stats> {
  const output = path.join(dir, withPlugin ? "with" : "without");
  const compiler = webpack({
    mode: "production",
    context: dir,
    entry: { app: "./src/entry.js" },
    output: { path: output, filename: "[name]-[contenthash].js", chunkFilename: "[name]-[contenthash].js" },
    devtool: "source-map",
    optimization: { runtimeChunk: { name: "webpack-runtime" }, minimizer: [new TerserPlugin({ parallel: false })] },
    plugins: withPlugin ? [new CompileHintsPlugin()] : [],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) reject(error);
      else if (stats.hasErrors()) reject(new Error(stats.toString("errors-only")));
      else resolve(stats);
    }),
  );
}

/** Each variant built once, before the tests (beforeAll), for the tests that only read it. */
const builds = new Map<boolean, Promise<webpack.Stats>>();
const built = (withPlugin: boolean) =>
  builds.get(withPlugin) ?? builds.set(withPlugin, build(withPlugin)).get(withPlugin)!;

function scripts(stats: webpack.Stats): string[] {
  const { assets = [] } = stats.toJson({ assets: true });
  return assets.map((asset) => asset.name).filter((name) => name.endsWith(".js"));
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
  fs.mkdirSync(path.join(dir, "src"));
  fs.writeFileSync(path.join(dir, "src/entry.js"), ENTRY);
  fs.writeFileSync(path.join(dir, "src/greet.js"), GREET);
  fs.writeFileSync(path.join(dir, "src/later.js"), LATER);
  // Webpack production builds, not unit logic: on a busy two-core machine they outlast jest's 5 s per test.
  return Promise.all([built(true), built(false)]);
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("every script webpack emits opens with the hint, once, before the minifier's licence banner", async () => {
  const stats = await built(true);
  const names = scripts(stats);
  // The runtime, the entry chunk and the chunk loaded later.
  expect(names).toHaveLength(3);
  for (const name of names) {
    const code = fs.readFileSync(path.join(stats.compilation.outputOptions.path!, name), "utf8");
    expect(code.startsWith(COMPILE_HINT)).toBe(true);
    expect(code.split("allFunctionsCalledOnLoad")).toHaveLength(2);
  }
  const later = names.find((name) => !/^(app|webpack-runtime)-/.test(name))!;
  const laterCode = fs.readFileSync(path.join(stats.compilation.outputOptions.path!, later), "utf8");
  expect(laterCode.split("\n")[1]).toMatch(/^\/\*! For license information please see /);
  // Without the plugin, nothing opens with it: the hint is the plugin's doing.
  const plain = await built(false);
  for (const name of scripts(plain)) {
    const code = fs.readFileSync(path.join(plain.compilation.outputOptions.path!, name), "utf8");
    expect(code).not.toContain("allFunctionsCalledOnLoad");
  }
});

test("the source maps still point each minified line at its source", async () => {
  const stats = await built(true);
  const out = stats.compilation.outputOptions.path!;
  const app = scripts(stats).find((name) => name.startsWith("app-"))!;
  const code = fs.readFileSync(path.join(out, app), "utf8");
  const consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(path.join(out, `${app}.map`), "utf8")));
  // The string literal Terser keeps: find it in the output, ask the map where it came from.
  const lines = code.split("\n");
  const line = lines.findIndex((text) => text.includes('"Hello, "'));
  expect(line).toBeGreaterThan(0);
  const position = consumer.originalPositionFor({ line: line + 1, column: lines[line].indexOf('"Hello, "') });
  expect(position.source).toMatch(/greet\.js$/);
  expect(position.line).toBe(2);
});

test("the file names change with the hint, so a cached script without it is never reused", async () => {
  const names = scripts(await built(true));
  const plain = scripts(await built(false));
  // The hinted files have hashes of their own (the content changed), and a second build gives the same names.
  expect(names.filter((name) => plain.includes(name))).toEqual([]);
  expect(scripts(await build(true)).sort()).toEqual([...names].sort());
});
