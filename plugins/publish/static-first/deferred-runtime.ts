/**
 * Static first: Gatsby's runtime waits for the visitor. In every built page the external `<script src>` tags and the
 * script preload/prefetch links become one small inline loader, which adds the same scripts, in order, once the
 * visitor has interacted and paused (RUNTIME_QUIET_MS). The inline data scripts the runtime needs stay.
 *
 * A rewrite of the built HTML, not onPreRenderHTML: Gatsby 5 stitches its `_gatsby-scripts` slice (the real tags) into
 * each page after onPreRenderHTML, between `<!-- slice-start/-end -->` comments a later build re-stitches, so this runs
 * on fresh tags every build. It runs before writeHostingFiles, which hashes the loader into each page's policy.
 */
import fs from "fs";
import path from "path";
import vm from "vm";
import { scriptJson } from "../../../src/lib/script-json";
import { gatsbyScriptsSlice, GatsbyOutputError, listHtmlFiles, restitch, SCRIPTS_SLICE } from "./gatsby-output";

const scriptList = (scripts: DeferredScript[]) => scripts.map((script) => script.src).join(", ") || "none";

/** The first interactions that start the runtime; the loader listens for them passively, once. */
export const START_EVENTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin", "wheel", "scroll"];

/** The inputs INP measures, which postpone the runtime; hovering, focus, wheel and scrolling only start the wait. */
export const INPUT_EVENTS = ["pointerdown", "touchstart", "keydown"];

/**
 * How long the visitor must pause (no INPUT_EVENTS) before the runtime's scripts are fetched and run: starting it is a
 * few long tasks an input would wait behind, and taps come in bursts, so it starts after the burst
 * (docs/performance.md).
 */
export const RUNTIME_QUIET_MS = 500;

/** The loader must stay small: it is inline in every page. */
export const LOADER_MAX_BYTES = 1280;

/** An external script as the page had it: its URL and its other attributes (e.g. async: ""). */
export type DeferredScript = { src: string; attributes: Record<string, string> };

const EXTERNAL_SCRIPT = /<script\b([^>]*?\ssrc\s*=[^>]*)>\s*<\/script>/gi;
const LINK = /<link\b[^>]*>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    const [, name, double, single, bare] = match;
    attributes[name.toLowerCase()] = decodeEntities(double ?? single ?? bare ?? "");
  }
  return attributes;
}

/** How the loader splits the runtime's start: webpack's chunk-loading global and the `framework` chunk's module ids. */
export type RuntimeSplit = { chunkGlobal: string; modules: (number | string)[] };

/**
 * The loader's source. The first start event starts a RUNTIME_QUIET_MS timer, which each INPUT_EVENTS restarts; when
 * it fires the loader stops listening and, after the next frame, adds the scripts to the end of <body>: they download
 * in parallel and run in page order. Nothing is fetched during the burst: preloading then slowed the next tap.
 *
 * With a RuntimeSplit the app's start is cut into tasks an input can come between (docs/performance.md): the loader
 * wraps the chunk global's `push`, holds the entry chunk's start function, then runs the framework's modules and that
 * start each in a task of its own, as chunks with fresh ids (-1, -2), so every module still runs once, through webpack.
 */
export function loaderSource(scripts: readonly DeferredScript[], split?: RuntimeSplit): string {
  // `async` goes: the loader runs the scripts in page order (webpack's runtime must run before the chunks it loads).
  const ordered = (attributes: Record<string, string>) =>
    Object.fromEntries(Object.entries(attributes).filter(([name]) => name !== "async"));
  const list = scriptJson(scripts.map(({ src, attributes }) => [src, ordered(attributes)]));
  const hook = split
    ? // h: webpack's push, as the loader passes it on. p: webpack's own, once its runtime has installed it.
      `var g=w[${JSON.stringify(split.chunkGlobal)}]=w[${JSON.stringify(split.chunkGlobal)}]||[],p,u=0;` +
      `Object.defineProperty(g,"push",{configurable:!0,get:function(){return p?h:[].push},set:function(f){p=f}});` +
      `function h(c){if(!c[2])return p(c);p([c[0],c[1]]);` +
      `v(function(r){${JSON.stringify(split.modules)}.forEach(function(m){r(m)})},function(){v(c[2])})}` +
      `function v(f,k){setTimeout(function(){p([[--u],{},f]);k&&k()})}`
    : "";
  return (
    `!function(){var w=window,d=document,E=${JSON.stringify(START_EVENTS)},I=${JSON.stringify(INPUT_EVENTS)},` +
    `S=${list},o={capture:!0,passive:!0},n=0,t;` +
    // r: every start event. The first starts the timer; a tap, click or key press starts it again.
    `function r(e){if(!n&&(!t||I.indexOf(e.type)>=0)){clearTimeout(t);t=setTimeout(q,${RUNTIME_QUIET_MS})}}` +
    // q: the pause. Stop listening; add the scripts in a task after the next frame.
    `function q(){n=1;E.forEach(function(e){w.removeEventListener(e,r,o)});` +
    `w.requestAnimationFrame(function(){setTimeout(a)})}` +
    // a: each script added in a task of its own (adding one starts its fetch: a few ms on a slow phone).
    `function a(){${hook}S.forEach(function(x){setTimeout(function(){var s=d.createElement("script"),k;` +
    `for(k in x[1])s.setAttribute(k,x[1][k]);s.async=!1;s.src=x[0];d.body.appendChild(s)})})}` +
    `E.forEach(function(e){w.addEventListener(e,r,o)})}();`
  );
}

export interface DeferResult {
  html: string;
  /** The scripts now started by the loader, in page order; empty when the page had none (or was already rewritten). */
  scripts: DeferredScript[];
  /** The preload/prefetch links removed. */
  removedLinks: string[];
  /** The loader written into the page, if any: an inline script of the build's own for the page's policy. */
  loader?: string;
}

function isScriptHint(tag: string): boolean {
  const { rel = "", as = "" } = parseAttributes(tag.slice(5, -1));
  return as.toLowerCase() === "script" && /\b(preload|modulepreload|prefetch)\b/i.test(rel);
}

/** Rewrites one page; a page without external scripts (one already rewritten) comes back unchanged. */
export function deferScripts(html: string, split?: RuntimeSplit): DeferResult {
  const removedLinks: string[] = [];
  let out = html.replace(LINK, (tag) => {
    if (!isScriptHint(tag)) return tag;
    removedLinks.push(tag);
    return "";
  });
  const scripts: DeferredScript[] = [];
  let first = -1;
  out = out.replace(EXTERNAL_SCRIPT, (_tag, attributeSource: string, offset: number) => {
    const { src, ...attributes } = parseAttributes(attributeSource);
    scripts.push({ src, attributes });
    if (first < 0) first = offset;
    return "";
  });
  if (scripts.length === 0) return { html: out, scripts, removedLinks };
  const loader = loaderSource(scripts, split);
  if (Buffer.byteLength(loader) > LOADER_MAX_BYTES) {
    throw new Error(`The runtime loader is ${Buffer.byteLength(loader)} bytes, over its ${LOADER_MAX_BYTES} budget.`);
  }
  out = `${out.slice(0, first)}<script id="gatsby-runtime-loader">${loader}</script>${out.slice(first)}`;
  return { html: out, scripts, removedLinks, loader };
}

/** The chunk file Gatsby's `framework` cache group writes: React, React DOM and their few dependencies. */
const FRAMEWORK_CHUNK = /^\/framework-[0-9a-f]+\.js$/;

const APP_CHUNK = /^\/app-[0-9a-f]+\.js$/;

/**
 * Runs a built webpack chunk in an empty context, where it only pushes `[chunkIds, modules, start?]` onto its
 * chunk-loading global: that global's name and what was pushed, or null unless it pushed onto exactly one.
 */
function loadChunk(file: string): { chunkGlobal: string; pushed: unknown[] } | null {
  const self: Record<string, unknown> = {};
  try {
    vm.runInNewContext(fs.readFileSync(file, "utf8"), { self }, { filename: file, timeout: 5000 });
  } catch {
    return null;
  }
  const globals = Object.keys(self).filter((key) => key.startsWith("webpackChunk"));
  const pushed = globals.length === 1 ? self[globals[0]] : undefined;
  return Array.isArray(pushed) ? { chunkGlobal: globals[0], pushed } : null;
}

/** Whether a built chunk hands webpack a start function (the third element of what it pushes). */
function startsApp(file: string): boolean {
  return (loadChunk(file)?.pushed ?? []).some((chunk) => Array.isArray(chunk) && typeof chunk[2] === "function");
}

/** A built chunk's global and module ids (loadChunk), or an error naming the file when it is not a webpack chunk. */
export function readChunkModules(file: string): RuntimeSplit {
  const chunk = loadChunk(file);
  const modules = (chunk?.pushed ?? []).flatMap((pushed: unknown) =>
    Array.isArray(pushed) && pushed[1] && typeof pushed[1] === "object" ? Object.keys(pushed[1]) : [],
  );
  if (!chunk || modules.length === 0) {
    throw new Error(`${file} is not a webpack chunk: it pushed no modules onto a webpackChunk global.`);
  }
  return { chunkGlobal: chunk.chunkGlobal, modules: modules.map((id) => (/^\d+$/.test(id) ? Number(id) : id)) };
}

/**
 * Rewrites every HTML page under publicDir in place, from the scripts slice as Gatsby wrote it (so a page an earlier
 * build rewrote is rewritten the same way); every assumption about Gatsby's output that no longer holds stops the build.
 */
export function deferRuntimeInDir(
  publicDir: string,
  /** Folders of pages that are not Gatsby's (the editor at /admin/). */
  except: readonly string[] = [],
): { files: string[]; scripts: string[]; loaders: string[]; split: RuntimeSplit } {
  const slice = gatsbyScriptsSlice(publicDir);
  for (const [, attributes] of slice.matchAll(/<script\b([^>]*)>/g)) {
    const { src, ...rest } = parseAttributes(attributes);
    if (src !== undefined && (!src.startsWith("/") || Object.keys(rest).some((name) => name !== "async"))) {
      throw new GatsbyOutputError("scriptTags", `${SCRIPTS_SLICE} has <script${attributes}>`);
    }
  }
  const { scripts } = deferScripts(slice);
  if (scripts.length === 0) throw new GatsbyOutputError("scriptTags", `${SCRIPTS_SLICE} holds no script`);
  const framework = scripts.find((script) => FRAMEWORK_CHUNK.test(script.src));
  if (!framework) throw new GatsbyOutputError("frameworkChunk", `No page script is one: ${scriptList(scripts)}`);
  let split: RuntimeSplit;
  try {
    split = readChunkModules(path.join(publicDir, framework.src));
  } catch (error) {
    throw new GatsbyOutputError("frameworkChunk", (error as Error).message);
  }
  const app = scripts.find((script) => APP_CHUNK.test(script.src));
  if (!app || !startsApp(path.join(publicDir, app.src))) {
    throw new GatsbyOutputError(
      "appStart",
      `Checked: ${app ? app.src : `no /app-<hash>.js among ${scriptList(scripts)}`}`,
    );
  }
  const loaders = new Set<string>();
  const files = listHtmlFiles(publicDir, except);
  for (const file of files) {
    const before = fs.readFileSync(file, "utf8");
    const { html, loader } = deferScripts(restitch(before, path.relative(publicDir, file), slice), split);
    if (html !== before) fs.writeFileSync(file, html);
    loaders.add(loader!);
  }
  return { files, scripts: scripts.map((script) => script.src), loaders: [...loaders], split };
}
