/**
 * The inline scripts a built page may run, and their hashes for its policy: only the build's own, each known by its
 * whole text (Gatsby's data assignments, the static-first loader, the footer's year). Any other fails the build, naming
 * the page: hashing whatever is found would allow a script smuggled in by content. Data blocks (JSON-LD) are not
 * hashed, but must hold no `<`.
 */
import crypto from "crypto";
import { FOOTER_YEAR_SCRIPT } from "../../../src/lib/footer-year";

/** Matches inline <script> elements (no src): their attributes and text. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\btype=["']?application\/(ld\+)?json/i;

/** A JavaScript string literal in double quotes, on one line. */
const STRING = String.raw`"(?:[^"\\\n\r\u2028\u2029]|\\.)*"`;
const assignment = (property: string, { cdata = false } = {}) => {
  const statement = String.raw`window\.${property}=${STRING};`;
  return new RegExp(String.raw`^\s*${cdata ? String.raw`/\*<!\[CDATA\[\*/${statement}/\*\]\]>\*/` : statement}\s*$`);
};

/** Gatsby's own inline data scripts (Gatsby 5's `_gatsby-scripts` slice), by their whole text. */
const GATSBY_DATA_SCRIPTS = [
  assignment("pagePath", { cdata: true }),
  assignment("___chunkMapping"),
  assignment("___webpackCompilationHash"),
];

/** The build's own inline scripts that are the same on every build; the loaders come from each build. */
export const FIXED_BUILD_SCRIPTS = [FOOTER_YEAR_SCRIPT];

const scriptHash = (body: string) => `'sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}'`;

/** The first characters of a script, on one line, for an error message. */
const excerpt = (body: string) => {
  const line = body.trim().replace(/\s+/g, " ");
  return JSON.stringify(line.length > 80 ? `${line.slice(0, 79)}…` : line);
};

/**
 * The hashes of the page's inline scripts, sorted and each once; throws naming `page` when one is not the build's own
 * (`builtScripts`, or Gatsby's data scripts) or a data block holds a `<`.
 */
export function inlineScriptHashes(html: string, builtScripts: ReadonlySet<string>, page: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_BLOCK.test(attributes)) {
      if (body.includes("<")) {
        throw new Error(`${page}: a data block holds "<", so it could end its <script> early: ${excerpt(body)}`);
      }
      continue;
    }
    if (body === "") continue;
    if (!builtScripts.has(body) && !GATSBY_DATA_SCRIPTS.some((pattern) => pattern.test(body))) {
      throw new Error(
        `${page} holds an inline script the build did not write, so it is not allowed to run: ${excerpt(body)}. ` +
          "Text from data/ must reach a page as text (React escapes it; a <script> gets src/lib/script-json.ts).",
      );
    }
    hashes.add(scriptHash(body));
  }
  return [...hashes].sort();
}
