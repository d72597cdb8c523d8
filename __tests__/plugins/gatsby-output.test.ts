/**
 * What the static-first rewrite assumes of Gatsby's output (plugins/publish/static-first/gatsby-output.ts) is checked on every page of a
 * build: each assumption that no longer holds stops it, naming the assumption, the page and the Gatsby version.
 */
import fs from "fs";
import os from "os";
import path from "path";
import { deferRuntimeInDir } from "../../plugins/publish/static-first/deferred-runtime";
import { SCRIPTS_SLICE } from "../../plugins/publish/static-first/gatsby-output";
import { PAGE } from "../helpers/gatsby-page";

describe("what the rewrite assumes of Gatsby's output is checked on every page, naming the assumption", () => {
  const FRAMEWORK = `(self.webpackChunksite=self.webpackChunksite||[]).push([[593],{961:function(){}}]);`;
  const APP = `(self.webpackChunksite=self.webpackChunksite||[]).push([[143],{},function(e){}]);`;
  /** A build of one page, with the scripts slice Gatsby wrote for it (the page's own, or the fixture's). */
  function build(page: string, files: Record<string, string> = {}) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deferred-runtime-"));
    fs.writeFileSync(path.join(dir, "index.html"), page);
    const slice = (html: string) => /-->([\s\S]*)<!-- slice-end/.exec(html)?.[1];
    fs.mkdirSync(path.join(dir, path.dirname(SCRIPTS_SLICE)), { recursive: true });
    fs.writeFileSync(path.join(dir, SCRIPTS_SLICE), slice(page) ?? slice(PAGE)!);
    const all = {
      "framework-34442b07ce37eead3834.js": FRAMEWORK,
      "app-0ce08eec0cf85539652a.js": APP,
      ...files,
    };
    for (const [name, text] of Object.entries(all)) fs.writeFileSync(path.join(dir, name), text);
    return dir;
  }
  const expectRefused = (dir: string, assumption: string, detail: RegExp) => {
    try {
      expect(() => deferRuntimeInDir(dir)).toThrow(
        new RegExp(
          `^Gatsby [\\d.]+'s output no longer matches .*\\(plugins/publish/static-first/gatsby-output\\.ts, ${assumption}\\)`,
        ),
      );
      expect(() => deferRuntimeInDir(dir)).toThrow(detail);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  test("a build as Gatsby 5 writes it passes", () => {
    const dir = build(PAGE);
    try {
      expect(deferRuntimeInDir(dir).files).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("no scripts slice comments", () => {
    expectRefused(
      build(PAGE.replace(/<!-- slice-(start|end) id="_gatsby-scripts-1" -->/g, "")),
      "scriptsSlice",
      /index\.html/,
    );
  });

  test("no scripts slice file", () => {
    const dir = build(PAGE);
    fs.rmSync(path.join(dir, SCRIPTS_SLICE));
    expectRefused(dir, "scriptsSlice", /There is no _gatsby\/slices\/_gatsby-scripts-1\.html/);
  });

  test("a script tag of another kind (a module, defer, another host)", () => {
    for (const tag of [
      '<script type="module" src="/app-0ce08eec0cf85539652a.js"></script>',
      '<script src="/app-0ce08eec0cf85539652a.js" defer></script>',
      '<script src="https://cdn.example/app.js" async></script>',
    ]) {
      const page = PAGE.replace('<script src="/app-0ce08eec0cf85539652a.js" async></script>', tag);
      expectRefused(build(page), "scriptTags", /_gatsby-scripts-1\.html has <script/);
    }
  });

  test("a slice with no script", () => {
    expectRefused(build(PAGE.replace(/<script src=[^>]*><\/script>/g, "")), "scriptTags", /holds no script/);
  });

  test("no framework chunk, or one that is not a webpack chunk", () => {
    expectRefused(build(PAGE.replace(/framework-/g, "vendor-")), "frameworkChunk", /No page script is one/);
    expectRefused(
      build(PAGE, { "framework-34442b07ce37eead3834.js": "self.x = 1;" }),
      "frameworkChunk",
      /is not a webpack chunk/,
    );
  });

  test("an app chunk that hands webpack no start function", () => {
    expectRefused(
      build(PAGE, { "app-0ce08eec0cf85539652a.js": FRAMEWORK }),
      "appStart",
      /app-0ce08eec0cf85539652a\.js/,
    );
  });
});
