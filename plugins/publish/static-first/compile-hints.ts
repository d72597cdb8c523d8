/**
 * Compile hints: every JavaScript chunk of the site's runtime opens with V8's magic comment
 * `//# allFunctionsCalledOnLoad` (Chrome 136+, "explicit compile hints"). The chunks run only when the visitor has
 * interacted and paused (deferred-runtime.ts), and then nearly all their functions run at once: React DOM's and the
 * app's modules, Gatsby's loader, the page's components, hydration. Without the hint V8 pre-parses each function while
 * it streams the script on a background thread and compiles it in full on the main thread the first time it is
 * called, inside the tasks that start the runtime, where an input waits for them (docs/performance.md, "The long
 * tasks"). With the hint V8 compiles the whole file on the streaming thread, before the script runs. Other browsers
 * read a comment. The cost is compile work for the few functions that never run, off the main thread.
 *
 * A webpack plugin for Gatsby's `build-javascript` stage (plugins/publish adds it), not an edit of the built files: it
 * runs after the minifier (which drops ordinary comments) and before the content hashes are made, so the file names
 * still name the content.
 */
import type { Compiler } from "webpack";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The assets that get the hint: the scripts webpack emits (not their maps, licences or CSS). */
const HINTED_ASSET = /\.js$/;

export class CompileHintsPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.compilation.tap("CompileHintsPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        // After Terser (PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE) and before the source maps (…_DEV_TOOLING) and the real
        // content hashes (…_OPTIMIZE_HASH).
        { name: "CompileHintsPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!HINTED_ASSET.test(name)) continue;
            compilation.updateAsset(name, (source) =>
              source.source().toString().startsWith(COMPILE_HINT)
                ? source
                : new sources.ConcatSource(COMPILE_HINT, source),
            );
          }
        },
      );
    });
  }
}
