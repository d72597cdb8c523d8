// Writes the editor for local editing — Decap with the local backend, bundled exactly as a build bundles
// the published editor — into a folder of its own (argument; default .e2e-builds/local-editor/), never into public/: no
// published build has it (plugins/publish/editor). Beside it, a _headers file with its rule alone (its policy, which
// may reach the local backend on this machine). scripts/serve.ts serves it over a build with OVERLAY_DIR, for the editor's
// browser tests; editors use `npm run cms`.
import fs from "fs";
import path from "path";
import { cmsBackend, LOCAL_HOSTS, type CmsBackend } from "../../src/content/editor-backend";
import { EDITOR_PROXY_PORT } from "../fixture-build";
import { cmsConfig } from "../../src/cms/config";
import { contentDirectory, loadSchemas } from "../../src/content/read-content";
import { editorHosting, writeAdmin } from "../../plugins/publish/editor/admin";
import { writePolicies } from "../../plugins/publish/hosting/hosting";
import { DEFAULT_SITE_URL } from "../../src/content/form-endpoint";

const root = path.resolve(__dirname, "..", "..");

/** Writes the editor for `backend` alone into `dir` (emptied first), with a _headers holding only its rule. */
export async function writeEditor(dir: string, backend: CmsBackend): Promise<void> {
  const schemas = loadSchemas(contentDirectory(root));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  await writeAdmin({
    publicDir: dir,
    root,
    config: cmsConfig({ schemas, backend, siteUrl: DEFAULT_SITE_URL }),
    schemas,
  });
  // The folder has no page but the editor: its _headers holds the editor's rule and nothing of the site's.
  writePolicies({
    publicDir: dir,
    formEndpoint: "https://forms.example.com/",
    pages: [],
    editor: editorHosting(dir, backend.connectOrigins),
  });
}

if (require.main === module) {
  const dir = path.resolve(process.argv[2] ?? path.join(root, ".e2e-builds", "local-editor"));
  const result = cmsBackend({});
  if (result.error !== undefined) throw new Error(result.error);
  // The editor `npm run cms` publishes, looking for the local backend on the tests' own port.
  const origins = LOCAL_HOSTS.map((host) => `http://${host}:${EDITOR_PROXY_PORT}`);
  const config = { ...result.backend.config, proxy_url: `${origins[0]}/api/v1` };
  writeEditor(dir, { ...result.backend, config, connectOrigins: origins }).then(
    () => console.log(`The local editor is in ${path.relative(process.cwd(), dir) || "."}`),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
