/**
 * Compile hints: every chunk of the runtime opens with V8's `//# allFunctionsCalledOnLoad` (Chrome 136+). Nearly all
 * their functions run at once when the runtime starts; with the hint V8 compiles them on the streaming thread, not on
 * the main thread inside the tasks an input waits for (docs/performance.md). A webpack plugin, so it runs after the
 * minifier and before the content hashes.
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
