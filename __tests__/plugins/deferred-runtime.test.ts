import fs from "fs";
import os from "os";
import path from "path";
import {
  INPUT_EVENTS,
  LOADER_MAX_BYTES,
  RUNTIME_QUIET_MS,
  START_EVENTS,
  type DeferredScript,
  deferRuntimeInDir,
  deferScripts,
  loaderSource,
  parseAttributes,
  readChunkModules,
} from "../../plugins/publish/static-first/deferred-runtime";
import { SCRIPTS_SLICE } from "../../plugins/publish/static-first/gatsby-output";
import { CHUNK_MAPPING, HEAD, PAGE } from "../helpers/gatsby-page";
import { inlineScriptHashes } from "../../plugins/publish/hosting/inline-scripts";

// Older Gatsby output (no slices) also preloads its scripts in the head.
const PAGE_WITH_PRELOADS = PAGE.replace(
  "</head>",
  `<link as="script" rel="preload" href="/webpack-runtime-1fa44536194251946ccf.js"/>` +
    `<link as="script" rel="prefetch" href="/component---src-pages-contact-tsx-433092a13d2b39050dcf.js"/>` +
    `<link rel="preload" as="font" href="/font.woff2" crossorigin="anonymous"/></head>`,
);

const externalScripts = (html: string) => html.match(/<script[^>]*\ssrc=[^>]*>/g) ?? [];

describe("deferScripts on a page as Gatsby builds it", () => {
  const { html, scripts, loader } = deferScripts(PAGE);

  test("no <script src> is left in the page; the three scripts are listed in page order with their attributes", () => {
    expect(externalScripts(html)).toEqual([]);
    expect(scripts).toEqual([
      { src: "/webpack-runtime-1fa44536194251946ccf.js", attributes: { async: "" } },
      { src: "/framework-34442b07ce37eead3834.js", attributes: { async: "" } },
      { src: "/app-0ce08eec0cf85539652a.js", attributes: { async: "" } },
    ]);
  });

  test("the runtime's inline data stays: page path, chunk mapping and compilation hash, before the loader", () => {
    const loaderAt = html.indexOf('<script id="gatsby-runtime-loader">');
    expect(loaderAt).toBeGreaterThan(0);
    for (const data of ['window.pagePath="/about"', CHUNK_MAPPING, 'window.___webpackCompilationHash="1f81a1a']) {
      expect(html.indexOf(data)).toBeGreaterThan(0);
      expect(html.indexOf(data)).toBeLessThan(loaderAt);
    }
  });

  test("the loader sits inside the slice comments, so a later build's stitching replaces it with fresh tags", () => {
    const start = html.indexOf('<!-- slice-start id="_gatsby-scripts-1" -->');
    const end = html.indexOf('<!-- slice-end id="_gatsby-scripts-1" -->');
    const loaderAt = html.indexOf("gatsby-runtime-loader");
    expect(start).toBeGreaterThan(0);
    expect(loaderAt).toBeGreaterThan(start);
    expect(end).toBeGreaterThan(loaderAt);
  });

  test("everything else in the page is untouched", () => {
    const loader = html.match(/<script id="gatsby-runtime-loader">[\s\S]*?<\/script>/)?.[0] ?? "";
    const withoutScripts = PAGE.replace(/<script[^>]*\ssrc=[^>]*><\/script>/g, "");
    expect(html.replace(loader, "")).toBe(withoutScripts);
  });

  test("a page already rewritten comes back unchanged (the rewrite can run on every build)", () => {
    const again = deferScripts(html);
    expect(again.html).toBe(html);
    expect(again.scripts).toEqual([]);
  });

  test(`the loader is at most ${LOADER_MAX_BYTES} bytes and becomes one more inline-script hash for the CSP`, () => {
    expect(Buffer.byteLength(loaderSource(scripts))).toBeLessThanOrEqual(LOADER_MAX_BYTES);
    const imageScript = /<script type="module">([^<]*)<\/script>/.exec(PAGE)![1];
    const hashesBefore = inlineScriptHashes(PAGE, new Set([imageScript]), "page");
    const hashesAfter = inlineScriptHashes(html, new Set([imageScript, loader!]), "page");
    expect(hashesAfter).toHaveLength(hashesBefore.length + 1);
    expect(hashesAfter).toEqual(expect.arrayContaining(hashesBefore));
  });

  test("a loader that would outgrow its budget fails the build instead of shipping", () => {
    const many = Array.from({ length: 60 }, (_, i) => `<script src="/chunk-${i}-0123456789abcdef.js" async></script>`);
    expect(() => deferScripts(PAGE.replace("</body>", `${many.join("")}</body>`))).toThrow(
      new RegExp(`over its ${LOADER_MAX_BYTES} budget`),
    );
  });
});

test("script preload and prefetch hints are removed; other hints stay", () => {
  const { html, removedLinks } = deferScripts(PAGE_WITH_PRELOADS);
  expect(removedLinks).toHaveLength(2);
  expect(html).not.toMatch(/<link[^>]*as="script"/);
  expect(html).toContain('<link rel="preload" as="font" href="/font.woff2" crossorigin="anonymous"/>');
});

test("a page without external scripts is returned as it was", () => {
  const page = `${HEAD}</head><body><p>No runtime</p></body></html>`;
  expect(deferScripts(page)).toEqual({ html: page, scripts: [], removedLinks: [] });
});

test("attributes are read as the browser reads them", () => {
  expect(parseAttributes(` src="/a.js?x=1&amp;y=2" async type='module' data-x=y nomodule`)).toEqual({
    src: "/a.js?x=1&y=2",
    async: "",
    type: "module",
    "data-x": "y",
    nomodule: "",
  });
});

describe("the loader in a browser (jsdom)", () => {
  const SCRIPTS: DeferredScript[] = [
    { src: "/webpack-runtime-1.js", attributes: { async: "" } },
    { src: "/framework-2.js", attributes: { async: "", crossorigin: "anonymous" } },
    { src: "/ordered-3.js", attributes: {} },
  ];
  const added = () => Array.from(document.querySelectorAll<HTMLScriptElement>("script[src]"));
  const preloads = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]'));
  const FRAME = 20; // past one animation frame of jest's fake timers (16 ms), and the task after it
  let addSpy: jest.SpyInstance;
  let removeSpy: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers();
    document.head.innerHTML = "";
    document.body.innerHTML = "<main><button>Somewhere</button></main>";
    addSpy = jest.spyOn(window, "addEventListener");
    removeSpy = jest.spyOn(window, "removeEventListener");
    // Runs the loader the way the page does: as an inline classic script.
    new Function(loaderSource(SCRIPTS))();
  });
  afterEach(() => {
    // A loader that never saw its event still listens: let it run, so it stops before the next test's loader starts.
    window.dispatchEvent(new Event("scroll"));
    jest.runAllTimers();
    jest.useRealTimers();
    addSpy.mockRestore();
    removeSpy.mockRestore();
  });
  const press = (type: string) => document.querySelector("button")?.dispatchEvent(new Event(type, { bubbles: true }));

  test("listens passively for exactly the start events, and adds nothing before one happens", () => {
    const listened = addSpy.mock.calls.map(([type, , options]) => [type, options]);
    expect(listened).toEqual(START_EVENTS.map((type) => [type, { capture: true, passive: true }]));
    jest.advanceTimersByTime(10_000);
    expect(added()).toEqual([]);
  });

  test.each(START_EVENTS)("%s adds the scripts once, in order, after the pause and the next frame", (type) => {
    press(type);
    // The interaction's own handler adds and fetches nothing, so the paint that answers it is not delayed.
    expect(added()).toEqual([]);
    jest.advanceTimersByTime(RUNTIME_QUIET_MS - 1);
    expect(added()).toEqual([]);
    expect(preloads()).toEqual([]); // nothing is downloaded during the burst either
    expect(removeSpy).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1); // the pause: the loader stops listening, and adds the scripts after the next frame
    const removed = removeSpy.mock.calls.map(([t, , options]) => [t, options]);
    expect(removed).toEqual(START_EVENTS.map((t) => [t, { capture: true, passive: true }]));
    expect(added()).toEqual([]);
    jest.advanceTimersByTime(FRAME);
    const scripts = added();
    expect(scripts.map((s) => s.getAttribute("src"))).toEqual(SCRIPTS.map((s) => s.src));
    // They run in page order, whatever order they arrive in (webpack's runtime first): none is async.
    expect(scripts.map((s) => s.async)).toEqual([false, false, false]);
    expect(scripts[1].getAttribute("crossorigin")).toBe("anonymous");
    expect(document.body.lastElementChild).toBe(scripts[2]);
    for (const other of START_EVENTS) window.dispatchEvent(new Event(other));
    jest.runAllTimers();
    expect(added()).toHaveLength(SCRIPTS.length);
  });

  test.each(INPUT_EVENTS)("a %s postpones the scripts until the visitor has paused", (type) => {
    press("pointerover");
    jest.advanceTimersByTime(300);
    press(type); // 300 ms after the first interaction: the pause starts again
    jest.advanceTimersByTime(RUNTIME_QUIET_MS - 1);
    expect(added()).toEqual([]);
    press(type); // and again, just before it ended
    jest.advanceTimersByTime(RUNTIME_QUIET_MS - 1);
    expect(added()).toEqual([]);
    jest.advanceTimersByTime(1 + FRAME);
    expect(added()).toHaveLength(SCRIPTS.length);
  });

  test.each(START_EVENTS.filter((type) => !INPUT_EVENTS.includes(type)))(
    "%s after the first interaction does not postpone the scripts (only taps, clicks and key presses do)",
    (type) => {
      press("pointerdown");
      jest.advanceTimersByTime(300);
      press(type);
      jest.advanceTimersByTime(RUNTIME_QUIET_MS - 300 + FRAME);
      expect(added()).toHaveLength(SCRIPTS.length);
    },
  );
});

/**
 * Webpack 5's JSONP chunk loading as its runtime chunk installs it (webpack/lib/web/JsonpChunkLoadingRuntimeModule.js,
 * the code Gatsby's `webpack-runtime-*.js` holds): module factories, a module cache, and `webpackJsonpCallback` as the
 * chunk-loading global's `push`. A chunk's start function runs only when one of its chunk ids is new. The production
 * build runs the real one (e2e/static-first.spec.ts); this one shows each step in jsdom.
 */
function installWebpackRuntime(global: string, evaluated: string[]) {
  const factories: Record<string, (module: { exports: unknown }, exports: unknown, require: Require) => void> = {};
  const cache: Record<string, { exports: unknown }> = {};
  type Require = (id: number | string) => unknown;
  const require: Require = (id) => {
    if (cache[id]) return cache[id].exports;
    const module = (cache[id] = { exports: {} });
    evaluated.push(String(id));
    factories[id](module, module.exports, require);
    return module.exports;
  };
  const installed: Record<string, number> = { 0: 0 };
  type Chunk = [(number | string)[], Record<string, (typeof factories)[string]>, ((r: Require) => unknown)?];
  const callback = (parent: ((chunk: Chunk) => number) | 0, [chunkIds, modules, start]: Chunk) => {
    if (chunkIds.some((id) => installed[id] !== 0)) {
      Object.assign(factories, modules);
      if (start) start(require);
    }
    if (parent) parent([chunkIds, modules, start]);
    for (const id of chunkIds) installed[id] = 0;
  };
  const w = window as unknown as Record<string, Chunk[]>;
  const chunks = (w[global] = w[global] || []);
  chunks.forEach((chunk) => callback(0, chunk));
  chunks.push = callback.bind(null, chunks.push.bind(chunks)) as unknown as typeof chunks.push;
  return chunks;
}

test("the loader adds each script in a task of its own, so no one task adds them all (jsdom, real timers)", async () => {
  document.body.innerHTML = "<main><button>Somewhere</button></main>";
  const scripts: DeferredScript[] = ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"].map((src) => ({
    src,
    attributes: {},
  }));
  new Function(loaderSource(scripts))();
  // Mutation records are delivered at the end of each task (a microtask checkpoint): one delivery per task that added.
  const perTask: number[] = [];
  const observer = new MutationObserver((records) =>
    perTask.push(
      records.flatMap((record) => [...record.addedNodes]).filter((node) => node.nodeName === "SCRIPT").length,
    ),
  );
  observer.observe(document.body, { childList: true });
  document.querySelector("button")?.dispatchEvent(new Event("pointerdown", { bubbles: true }));
  const start = Date.now();
  while (document.querySelectorAll("body > script[src]").length < scripts.length && Date.now() - start < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  observer.disconnect();
  expect(perTask.filter((count) => count > 0)).toEqual([1, 1, 1]);
});

describe("the loader splits webpack's start into tasks (jsdom, webpack's chunk protocol)", () => {
  const GLOBAL = "webpackChunkloader_test";
  const SPLIT = { chunkGlobal: GLOBAL, modules: [7463, "react-dom"] };
  const SCRIPTS: DeferredScript[] = [
    { src: "/webpack-runtime-1.js", attributes: { async: "" } },
    { src: "/framework-2.js", attributes: { async: "" } },
    { src: "/app-3.js", attributes: { async: "" } },
  ];
  const evaluated: string[] = [];
  const factory =
    (deps: (number | string)[]) => (_m: unknown, _e: unknown, require: (id: number | string) => unknown) =>
      deps.forEach((id) => require(id));
  type PushedChunk = [(number | string)[], object, ((require: (id: number | string) => unknown) => void)?];
  const chunks = () => (window as unknown as Record<string, { push: (chunk: PushedChunk) => void }>)[GLOBAL];

  beforeEach(() => {
    jest.useFakeTimers();
    evaluated.length = 0;
    delete (window as unknown as Record<string, unknown>)[GLOBAL];
    document.body.innerHTML = "<main><h1>Page</h1></main>";
    new Function(loaderSource(SCRIPTS, SPLIT))();
    document.querySelector("h1")?.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    jest.advanceTimersByTime(RUNTIME_QUIET_MS + 20);
    expect(document.querySelectorAll("script[src]")).toHaveLength(3);
    // The scripts run in page order: webpack's runtime, then the framework chunk, then the app chunk with its start.
    installWebpackRuntime(GLOBAL, evaluated);
    chunks().push([[593], { 7463: factory([]), "react-dom": factory([7463]), 9999: factory([]) }]);
  });
  afterEach(() => {
    jest.runAllTimers();
    jest.useRealTimers();
  });

  const pushApp = () =>
    chunks().push([
      [143, 869],
      { entry: factory(["layout", "react-dom", 7463]), layout: factory([7463]) },
      (webpackRequire) => void webpackRequire("entry"),
    ]);

  test("the app's modules arrive at once, its start waits; React's modules run in one task, the app in the next", () => {
    pushApp();
    expect(evaluated).toEqual([]); // the app chunk's own task only registers its modules
    jest.advanceTimersToNextTimer();
    expect(evaluated).toEqual(["7463", "react-dom"]); // the framework's modules, in a task of their own
    jest.advanceTimersToNextTimer();
    // webpack's start as webpack wrote it, in the next task: every module once (React's from the cache).
    expect(evaluated).toEqual(["7463", "react-dom", "entry", "layout"]);
    jest.runAllTimers();
    expect(evaluated).toHaveLength(4);
  });

  test("nothing runs that the app does not import, apart from the framework's own modules", () => {
    pushApp();
    jest.runAllTimers();
    expect(evaluated).not.toContain("9999"); // in the framework chunk, but named in neither list
  });

  test("chunks the app loads later (page components) go through webpack at once, as without the loader", () => {
    pushApp();
    jest.runAllTimers();
    const listed = () => (chunks() as unknown as PushedChunk[]).length;
    const before = listed();
    chunks().push([[321], { page: factory([7463]) }]);
    expect(listed()).toBe(before + 1); // webpack took it in the same task: its parent push listed it
    expect(jest.getTimerCount()).toBe(0);
  });

  test("each start goes through webpack's protocol with a fresh chunk id, so webpack runs it (and lists it)", () => {
    pushApp();
    jest.runAllTimers();
    const ids = Array.from(chunks() as unknown as PushedChunk[], ([chunkIds, , start]) => [chunkIds, !!start]);
    expect(ids).toEqual([
      [[593], false],
      [[143, 869], false],
      [[-1], true],
      [[-2], true],
    ]);
  });
});

test("readChunkModules reads a chunk's module ids and webpack's global without running the chunk's modules", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chunk-"));
  try {
    const file = path.join(dir, "framework-0123.js");
    fs.writeFileSync(
      file,
      `"use strict";(self.webpackChunkharborline=self.webpackChunkharborline||[]).push([[593],` +
        `{961:function(e,t,n){throw new Error("ran")},5338:function(e,t,n){},"./x.js":function(){}}]);`,
    );
    expect(readChunkModules(file)).toEqual({ chunkGlobal: "webpackChunkharborline", modules: [961, 5338, "./x.js"] });
    fs.writeFileSync(file, `console.log("not a chunk")`);
    expect(() => readChunkModules(file)).toThrow(`${file} is not a webpack chunk`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("deferRuntimeInDir rewrites every page of a build and reports the scripts", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deferred-runtime-"));
  try {
    fs.mkdirSync(path.join(dir, "about"));
    fs.mkdirSync(path.join(dir, "page-data"));
    fs.writeFileSync(path.join(dir, "index.html"), PAGE.replace('"/about"', '"/"'));
    fs.writeFileSync(path.join(dir, "about", "index.html"), PAGE);
    fs.writeFileSync(path.join(dir, "page-data", "ignored.html"), PAGE);
    fs.mkdirSync(path.join(dir, path.dirname(SCRIPTS_SLICE)), { recursive: true });
    fs.writeFileSync(path.join(dir, SCRIPTS_SLICE), /-->([\s\S]*)<!-- slice-end/.exec(PAGE)![1]);
    fs.writeFileSync(
      path.join(dir, "framework-34442b07ce37eead3834.js"),
      `(self.webpackChunksite=self.webpackChunksite||[]).push([[593],{961:function(){},5338:function(){}}]);`,
    );
    fs.writeFileSync(
      path.join(dir, "app-0ce08eec0cf85539652a.js"),
      `(self.webpackChunksite=self.webpackChunksite||[]).push([[143],{},function(e){}]);`,
    );
    const result = deferRuntimeInDir(dir);
    expect(result.files.map((file) => path.relative(dir, file))).toEqual(["about/index.html", "index.html"]);
    expect(result.scripts).toHaveLength(3);
    expect(result.split).toEqual({ chunkGlobal: "webpackChunksite", modules: [961, 5338] });
    // Each page's loader is the one that splits the start with the framework's modules (its behaviour is tested above),
    // and the build reports it, so the page's policy can allow it.
    const about = fs.readFileSync(path.join(dir, "about", "index.html"), "utf8");
    const loader = /<script id="gatsby-runtime-loader">([\s\S]*?)<\/script>/.exec(about)![1];
    expect(loader).toBe(loaderSource(deferScripts(PAGE).scripts, result.split));
    expect(result.loaders).toContain(loader);
    for (const file of ["index.html", "about/index.html"]) {
      expect(externalScripts(fs.readFileSync(path.join(dir, file), "utf8"))).toEqual([]);
    }
    // Run again on pages Gatsby did not stitch again: each page comes out as the first run wrote it; and a page an
    // earlier build rewrote with another loader gets this build's.
    const written = fs.readFileSync(path.join(dir, "index.html"), "utf8");
    fs.writeFileSync(path.join(dir, "about", "index.html"), about.replace(loader, "earlier();"));
    const again = deferRuntimeInDir(dir);
    expect(again.loaders).toEqual(result.loaders);
    expect(fs.readFileSync(path.join(dir, "index.html"), "utf8")).toBe(written);
    expect(fs.readFileSync(path.join(dir, "about", "index.html"), "utf8")).toBe(about);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
