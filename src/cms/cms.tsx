/**
 * The editor at /admin/ (Decap CMS, bundled by gatsby-plugin-decap-cms from gatsby-node.ts): its configuration and
 * the content schemas come from the build (__CMS_CONFIG__, __CONTENT_SCHEMAS__: config.ts over data/schema/); this
 * module registers the clean YAML format, the previews with the site's own components and CSS, and the check that
 * refuses a save the build would refuse.
 */
import CMS from "decap-cms-app";
import type { JsonSchema } from "../content/model";
import { PAGE_FILES } from "../content/model";
import "../styles/global.css";
import { CMS_FORMAT, SERVICES_COLLECTION, PAGES_COLLECTION, type CmsConfig } from "./config";
import { describeErrors, entryChecker, entryFile, fileHeader, SOURCE_KEY } from "./entry";
import { yamlFormat } from "./yaml-format";
import { backendAtOrigin } from "./backend";
import { loadedServices, previewTemplate } from "./previews";

declare const __CMS_CONFIG__: CmsConfig;
declare const __CONTENT_SCHEMAS__: Record<string, JsonSchema>;

const schemas = __CONTENT_SCHEMAS__;
const checker = entryChecker(schemas);

CMS.registerCustomFormat(CMS_FORMAT, "yaml", yamlFormat(schemas));

for (const file of Object.keys(PAGE_FILES)) {
  const name = file.replace(/\.ya?ml$/, "");
  CMS.registerPreviewTemplate(name, previewTemplate(schemas, PAGES_COLLECTION, name));
}
CMS.registerPreviewTemplate(SERVICES_COLLECTION, previewTemplate(schemas, SERVICES_COLLECTION));

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

// The site's own GitHub login is at the origin the editor is opened at (src/cms/backend.ts).
const config: CmsConfig = {
  ...__CMS_CONFIG__,
  backend: backendAtOrigin(__CMS_CONFIG__.backend, window.location.origin),
};
CMS.init({ config: config as never });
