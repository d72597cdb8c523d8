/**
 * The editor's own code at /admin/, bundled apart from the site by esbuild (plugins/editor/admin.ts) and loaded after
 * Decap CMS's prebuilt bundle (decap-cms, which brings its own React): its configuration and the content schemas come
 * from the build (__CMS_CONFIG__, __CONTENT_SCHEMAS__: config.ts over data/schema/), the site's CSS for the preview
 * frame from __PREVIEW_STYLE__; this module registers the clean YAML format, the previews (React 18 roots of the
 * site's own views, preview-root.ts) and the check that refuses a save the build would refuse, then starts Decap.
 */
import React from "react";
import type { JsonSchema } from "../content/model";
import { PAGE_FILES } from "../content/model";
import "../styles/global.css";
import { CMS_FORMAT, SERVICES_COLLECTION, PAGES_COLLECTION, type CmsConfig } from "./config";
import { describeErrors, entryChecker, entryFile, fileHeader, SOURCE_KEY } from "./entry";
import { yamlFormat } from "./yaml-format";
import { backendAtOrigin } from "./backend";
import { loadedServices, loadSiteContent, previewTemplate, type SiteContent } from "./previews";
import { decapGlobals, type DecapPreviewProps } from "./decap";
import { reactRootTemplate } from "./preview-root";

declare const __CMS_CONFIG__: CmsConfig;
declare const __CONTENT_SCHEMAS__: Record<string, JsonSchema>;
/** The URL of the site's CSS as bundled with the previews (cms.<hash>.css), relative to this script. */
declare const __PREVIEW_STYLE__: string;

const decap = decapGlobals();
const { CMS } = decap;
const schemas = __CONTENT_SCHEMAS__;
const checker = entryChecker(schemas);

CMS.registerCustomFormat(CMS_FORMAT, "yaml", yamlFormat(schemas));

// The site's CSS in the preview frame (Decap adds a <link> to the frame's document), absolute: the frame has no URL
// of its own to resolve against.
const script = document.currentScript as HTMLScriptElement | null;
CMS.registerPreviewStyle(new URL(__PREVIEW_STYLE__, script?.src ?? document.baseURI).href);

/** One content loader per preview pane (Decap's getCollection is the pane's own), so content loads once per pane. */
const loaders = new WeakMap<DecapPreviewProps["getCollection"], () => Promise<SiteContent>>();
function loaderFor(getCollection: DecapPreviewProps["getCollection"]): () => Promise<SiteContent> {
  let loader = loaders.get(getCollection);
  if (!loader) {
    let loaded: Promise<SiteContent> | undefined;
    loader = () => (loaded ??= loadSiteContent(getCollection));
    loaders.set(getCollection, loader);
  }
  return loader;
}

function template(collection: string, name?: string) {
  const Preview = previewTemplate(schemas, collection, name);
  return reactRootTemplate(decap, ({ entry, getAsset, getCollection }) => (
    <Preview
      data={entry.get("data").toJS()}
      slug={entry.get("slug")}
      assetUrl={(path) => getAsset(path)?.toString() ?? path}
      loadContent={loaderFor(getCollection)}
    />
  ));
}

for (const file of Object.keys(PAGE_FILES)) {
  const name = file.replace(/\.ya?ml$/, "");
  CMS.registerPreviewTemplate(name, template(PAGES_COLLECTION, name));
}
CMS.registerPreviewTemplate(SERVICES_COLLECTION, template(SERVICES_COLLECTION));

interface SavedEntry {
  get(key: "collection" | "slug"): string | undefined;
  get(key: "data"): { toJS(): Record<string, unknown>; set(key: string, value: unknown): unknown };
}

/**
 * Before a save: the same rules as `npm run check:content` (a failure here stops the save, and Decap shows the
 * message naming each field); a new file gets its leading comments.
 */
CMS.registerEventListener({
  name: "preSave",
  handler: ({ entry }: { entry: SavedEntry }) => {
    const collection = entry.get("collection") ?? "";
    const data = entry.get("data").toJS();
    const slug =
      collection === SERVICES_COLLECTION
        ? String(data.slug ?? entry.get("slug") ?? "")
        : String(entry.get("slug") ?? "");
    const file = entryFile(collection, slug);
    // The services the previews loaded, less this entry as it was loaded (the same file text), for the checks that
    // span services (unique slug and order, how many).
    const others =
      collection === SERVICES_COLLECTION
        ? { services: loadedServices.list.filter((s) => !data[SOURCE_KEY] || s[SOURCE_KEY] !== data[SOURCE_KEY]) }
        : {};
    const errors = checker.check(file, data, others);
    if (errors.length > 0) throw new Error(describeErrors(errors));
    if (typeof data[SOURCE_KEY] !== "string") return entry.get("data").set(SOURCE_KEY, fileHeader(schemas, file));
    return entry.get("data");
  },
});

/**
 * On a phone, /admin/ shows one pane at a time (admin.css), so an entry opens on its fields and Decap's "Toggle
 * preview" shows the preview: Decap keeps that choice under this key, and starts from it when the page loads.
 */
export const PHONE_QUERY = "(max-width: 759px)";
const DECAP_PANE_KEY = "cms.right-pane";
if (window.matchMedia(PHONE_QUERY).matches) {
  try {
    localStorage.setItem(DECAP_PANE_KEY, "none");
  } catch {
    // Storage refused (a private window): Decap opens on its default, the toggle still switches.
  }
}

// The site's own GitHub login is at the origin the editor is opened at (src/cms/backend.ts).
const config: CmsConfig = {
  ...__CMS_CONFIG__,
  backend: backendAtOrigin(__CMS_CONFIG__.backend, window.location.origin),
};
CMS.init({ config });
