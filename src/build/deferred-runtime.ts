/**
 * Static first: Gatsby's runtime waits for the visitor. In every built page, the external `<script src>` tags (the
 * webpack runtime, React and Gatsby's app) become one small inline loader. After the visitor's first pointerover,
 * pointerdown, touchstart, keydown, focusin, wheel or scroll it adds the same scripts, in the same order and with the
 * same attributes, once the visitor pauses: RUNTIME_QUIET_MS without a tap, click or key press (issue 20). Then it
 * stops listening.
 * `<link rel="preload|modulepreload|prefetch" as="script">` tags go too, so no script is fetched before that
 * interaction. The inline data scripts the runtime needs (`gatsby-script-loader` with
 * the page path, `gatsby-chunk-mapping`, the compilation hash) stay where they are.
 *
 * Why a rewrite of the built HTML (called from gatsby-node.ts onPostBuild) rather than onPreRenderHTML or webpack:
 * Gatsby 5 does not render its script tags into `postBodyComponents`. It renders a placeholder for its internal
 * `_gatsby-scripts` slice, whose HTML (chunk mapping, compilation hash, script tags) its webpack stats plugin writes to
 * public/_gatsby/slices/_gatsby-scripts-1.html, and stitches that file into each page after onPreRenderHTML. Only the
 * stitched page holds the real tags. The stitching keeps the `<!-- slice-start/-end -->` comments, and a later
 * incremental build re-stitches between them; this rewrite keeps them too, so it runs again on fresh tags every build
 * and leaves an already rewritten page unchanged. A webpack-stage edit of the slice file would depend on Gatsby's
 * private plugin order. It must run before writeHostingFiles, which hashes each page's inline scripts (this loader
 * included) into the page's Content-Security-Policy.
 */
import fs from "fs";
import { listHtmlFiles } from "./hosting";

/** The first interactions that start the runtime (issue 9); the loader listens for them passively, once. */
export const START_EVENTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin", "wheel", "scroll"];

/**
 * The inputs that postpone the runtime: the ones INP measures (a tap or click starts with pointerdown or touchstart,
 * a key press with keydown). Hovering, focus, wheel and scrolling start the wait but do not prolong it.
 */
export const INPUT_EVENTS = ["pointerdown", "touchstart", "keydown"];

/**
 * How long the visitor must pause (no INPUT_EVENTS) before the runtime's scripts are fetched and run. Running them and
 * starting the runtime is a few long tasks (20-80 ms each with the CPU throttled 4x: webpack's start runs the whole module graph
 * in one); an input that lands in one waits for its end. Taps and key presses come in bursts, a few hundred
 * milliseconds apart, so the runtime starts after the burst rather than in the middle of it (docs/performance.md).
 */
export const RUNTIME_QUIET_MS = 500;

/** The loader must stay small: it is inline in every page. */
export const LOADER_MAX_BYTES = 1024;

/** An external script as the page had it: its URL and its other attributes (e.g. async: ""). */
export interface DeferredScript {
  src: string;
  attributes: Record<string, string>;
}

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

/**
 * The loader's source. The first start event starts a timer of RUNTIME_QUIET_MS, which every INPUT_EVENTS restarts.
 * When it fires, the loader stops listening and, in a task after the next frame (requestAnimationFrame, then
 * setTimeout), adds the scripts to the end of <body>, where Gatsby had them. A script that had neither `async` nor
 * `defer` keeps its place in the order (`async = false` on an inserted script); `async` ones stay async.
 * Nothing is fetched during the burst either: preloading the scripts at the first interaction made a second tap right
 * after it slower (the responses' handling on the main thread; docs/performance.md, 2026-11-23 23:10 UTC).
 */
export function loaderSource(scripts: readonly DeferredScript[]): string {
  const list = JSON.stringify(scripts.map(({ src, attributes }) => [src, attributes])).replace(/</g, "\\u003c");
  return (
    `!function(){var w=window,d=document,E=${JSON.stringify(START_EVENTS)},I=${JSON.stringify(INPUT_EVENTS)},` +
    `S=${list},o={capture:!0,passive:!0},n=0,t;` +
    // r: every start event. The first starts the timer; a tap, click or key press starts it again.
    `function r(e){if(!n&&(!t||I.indexOf(e.type)>=0)){clearTimeout(t);t=setTimeout(q,${RUNTIME_QUIET_MS})}}` +
    // q: the pause. Stop listening; add the scripts in a task after the next frame.
    `function q(){n=1;E.forEach(function(e){w.removeEventListener(e,r,o)});` +
    `w.requestAnimationFrame(function(){setTimeout(a)})}` +
    `function a(){S.forEach(function(x){var s=d.createElement("script"),k;s.async=!1;` +
    `for(k in x[1])s.setAttribute(k,x[1][k]);s.src=x[0];d.body.appendChild(s)})}` +
    `E.forEach(function(e){w.addEventListener(e,r,o)})}();`
  );
}

export interface DeferResult {
  html: string;
  /** The scripts now started by the loader, in page order; empty when the page had none (or was already rewritten). */
  scripts: DeferredScript[];
  /** The preload/prefetch links removed. */
  removedLinks: string[];
}

function isScriptHint(tag: string): boolean {
  const { rel = "", as = "" } = parseAttributes(tag.slice(5, -1));
  return as.toLowerCase() === "script" && /\b(preload|modulepreload|prefetch)\b/i.test(rel);
}

/** Rewrites one page. Pure: the same HTML in gives the same HTML out, and a rewritten page comes back unchanged. */
export function deferScripts(html: string): DeferResult {
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
  const loader = loaderSource(scripts);
  if (Buffer.byteLength(loader) > LOADER_MAX_BYTES) {
    throw new Error(`The runtime loader is ${Buffer.byteLength(loader)} bytes, over its ${LOADER_MAX_BYTES} budget.`);
  }
  out = `${out.slice(0, first)}<script id="gatsby-runtime-loader">${loader}</script>${out.slice(first)}`;
  return { html: out, scripts, removedLinks };
}

/** Rewrites every HTML page under publicDir in place; returns how many pages now start their scripts on demand. */
export function deferRuntimeInDir(publicDir: string): { pages: number; scripts: string[] } {
  let pages = 0;
  const seen = new Set<string>();
  for (const file of listHtmlFiles(publicDir)) {
    const before = fs.readFileSync(file, "utf8");
    const { html, scripts } = deferScripts(before);
    if (html !== before) fs.writeFileSync(file, html);
    if (scripts.length > 0) pages += 1;
    for (const script of scripts) seen.add(script.src);
  }
  return { pages, scripts: [...seen] };
}
