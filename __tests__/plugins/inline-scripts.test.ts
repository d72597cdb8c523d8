/**
 * The pages' policies allow only the inline scripts the build writes: Gatsby's data scripts and the build's own. Any
 * other inline script fails the build, naming the page and the script.
 */
import crypto from "crypto";
import { FIXED_BUILD_SCRIPTS, inlineScriptHashes } from "../../plugins/publish/hosting/inline-scripts";
import { FOOTER_YEAR_SCRIPT } from "../../src/lib/footer-year";
import { scriptJson } from "../../src/lib/script-json";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

const LOADER = "!function(){start()}();";
const BUILT = new Set([...FIXED_BUILD_SCRIPTS, LOADER]);
// Gatsby 5's data scripts as `gatsby build` writes them.
const PAGE_PATH = `/*<![CDATA[*/window.pagePath="/about/";/*]]>*/`;
const CHUNK_MAPPING = `\n            window.___chunkMapping="{\\"app\\":[\\"/app-0ce08eec0cf85539652a.js\\"]}";\n          `;
const COMPILATION_HASH = `window.___webpackCompilationHash="1f81a1a1537ef5e85f93";`;

const page = (...scripts: string[]) =>
  `<!DOCTYPE html><html><head><meta charSet="utf-8"/>` +
  `<script type="application/ld+json">${scriptJson({ name: "</script><!--" })}</script></head><body>` +
  `${scripts.join("")}<script src="/app.js" async></script></body></html>`;

test("hashes each of the build's own inline scripts once; external scripts and data blocks are not hashed", () => {
  const html = page(
    `<script>${FOOTER_YEAR_SCRIPT}</script>`,
    `<script id="gatsby-script-loader">${PAGE_PATH}</script>`,
    `<script\n            id="gatsby-chunk-mapping"\n          >${CHUNK_MAPPING}</script>`,
    `<script>${COMPILATION_HASH}</script>`,
    `<script id="gatsby-runtime-loader">${LOADER}</script>`,
    `<script id="gatsby-runtime-loader">${LOADER}</script>`,
  );
  expect(inlineScriptHashes(html, BUILT, "public/about/index.html")).toEqual(
    [FOOTER_YEAR_SCRIPT, PAGE_PATH, CHUNK_MAPPING, COMPILATION_HASH, LOADER].map(sha).sort(),
  );
});

test.each([
  ["a script smuggled in by content", `<script>document.title='pwned'</script>`, "document.title='pwned'"],
  ["a module script", `<script type="module">import("/x.js")</script>`, 'import(\\"/x.js\\")'],
  ["a forged loader", `<script id="gatsby-runtime-loader">steal()</script>`, "steal()"],
  ["Gatsby's data script with code after it", `<script>${COMPILATION_HASH}steal();</script>`, "steal();"],
  ["a page path that breaks out", `<script>/*<![CDATA[*/window.pagePath="/";steal();"";/*]]>*/</script>`, "steal()"],
])("%s fails the build, naming the page and the script's first characters", (_, script, named) => {
  expect(() => inlineScriptHashes(page(script), BUILT, "public/services/x/index.html")).toThrow(
    new RegExp(`^public/services/x/index\\.html holds an inline script the build did not write.*${escape(named)}`),
  );
});

test("a data block that holds a '<' fails the build: it could end its element early", () => {
  const html = `<script type="application/ld+json">{"name":"<b>"}</script>`;
  expect(() => inlineScriptHashes(html, BUILT, "public/index.html")).toThrow(
    /^public\/index\.html: a data block holds "<"/,
  );
});

test("a long script is named by its first characters only, on one line", () => {
  const long = `steal();\n${"x".repeat(500)}`;
  expect(() => inlineScriptHashes(`<script>${long}</script>`, BUILT, "p")).toThrow(/"steal\(\); x{70}…"/);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
