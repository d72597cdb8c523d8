/**
 * The editor's configuration, generated from the content model: a Decap collection entry per page file and a folder
 * collection for data/services/, each field derived from its JSON Schema; nothing here names a content field. What
 * Decap's fields cannot say (maxLength, formats, the rules across fields) the content check says before a save.
 */
import {
  CONTENT_FOLDER,
  IMAGES_DIRECTORY,
  PAGE_FILES,
  SERVICE_COUNT,
  SERVICE_SCHEMA,
  SERVICES_DIRECTORY,
  choicesOf,
  fileKey,
  resolveSchema,
  type JsonSchema,
  type Schemas,
} from "../content/model";
import { IMAGE_MAX_BYTES } from "../content/images";
import { ROUTES, servicePath } from "../lib/paths";
import { LOCAL_HOSTS, type CmsBackend } from "../content/editor-backend";

/** The name of the YAML format the collections use (yaml-format.ts; registered in cms.tsx). */
export const CMS_FORMAT = "yaml-clean";
/** Where content and images live, relative to the repository. */
const IMAGE_FOLDER = `${CONTENT_FOLDER}/${IMAGES_DIRECTORY}`;
export const SERVICES_COLLECTION = "services";
export const PAGES_COLLECTION = "pages";

/** The page each page file shows on (its preview and "View Live"); the firm's and layout's words, on contact. */
export const FILE_PAGES: Record<string, string> = {
  home: ROUTES.home,
  about: ROUTES.about,
  "services-page": ROUTES.services,
  contact: ROUTES.contact,
  "not-found": "/404/",
  firm: ROUTES.contact,
  layout: ROUTES.contact,
};

/** The field kinds the editor writes: the widgets scripts/update-editor.mjs builds Decap's bundle with. */
export const CMS_WIDGETS = ["string", "text", "number", "boolean", "select", "object", "list", "image"] as const;

export interface CmsField {
  name: string;
  label: string;
  widget: (typeof CMS_WIDGETS)[number];
  required: boolean;
  hint?: string;
  pattern?: [string, string];
  options?: (string | number | { label: string; value: string | number })[];
  value_type?: "int" | "float";
  min?: number;
  max?: number;
  fields?: CmsField[];
  field?: CmsField;
  summary?: string;
  collapsed?: boolean;
  choose_url?: boolean;
  media_library?: { config: { max_file_size: number } };
}

/** The whole configuration handed to CMS.init, as cmsConfig builds it. */
export type CmsConfig = ReturnType<typeof cmsConfig>;

/** "yearsOfExperience" → "Years of experience": the label of a property whose schema has no title. */
export function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[-_]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function patternOf(schema: JsonSchema): [string, string] | undefined {
  if (!schema.pattern) return undefined;
  return [schema.pattern, schema.patternErrorMessage ?? `must match ${schema.pattern}`];
}

/** The Decap field of one schema property. */
export function fieldFor(
  name: string,
  property: JsonSchema,
  required: boolean,
  schemas: Schemas,
  file: string,
): CmsField {
  const { schema, file: at } = resolveSchema(property, schemas, file);
  // Keys left undefined drop out of the configuration (it reaches the editor as JSON).
  const base = { name, label: schema.title ?? humanize(name), required, hint: schema.description || undefined };
  if (schema.type === "object") {
    return { ...base, widget: "object", collapsed: false, fields: fieldsOf(schema, schemas, at) };
  }
  if (schema.type === "array") {
    if (!schema.items) throw new Error(`${file}: the list ${name} does not say what its items are`);
    const items = resolveSchema(schema.items, schemas, at);
    const limits = { min: schema.minItems, max: schema.maxItems };
    if (items.schema.type === "object") {
      const fields = fieldsOf(items.schema, schemas, items.file);
      const first = fields.find((f) => f.widget === "string");
      const summary = first && `{{fields.${first.name}}}`;
      return { ...base, widget: "list", ...limits, collapsed: false, summary, fields };
    }
    // A list of plain values: Decap stores a list with one `field` as a list of those values.
    const multiline = schema.multiline ?? items.schema.multiline;
    const item = fieldFor("item", { ...schema.items, multiline }, true, schemas, at);
    return { ...base, widget: "list", ...limits, collapsed: false, field: { ...item, label: base.label } };
  }
  if (schema.localFile) {
    return {
      ...base,
      widget: "image",
      choose_url: false,
      // Decap's media library refuses a larger file before uploading it; the pre-save check judges the rest.
      media_library: { config: { max_file_size: IMAGE_MAX_BYTES } },
      pattern: patternOf(schema),
    };
  }
  const choices = choicesOf(schema);
  if (choices) {
    const options = choices.map(({ value, title }) =>
      title === String(value) ? value : { label: `${title} (${value})`, value },
    );
    return { ...base, widget: "select", options };
  }
  if (schema.type === "integer" || schema.type === "number") {
    return {
      ...base,
      widget: "number",
      value_type: schema.type === "integer" ? "int" : "float",
      min: schema.minimum,
      max: schema.maximum,
    };
  }
  if (schema.type === "boolean") return { ...base, widget: "boolean" };
  if (schema.type === "string")
    return { ...base, widget: schema.multiline ? "text" : "string", pattern: patternOf(schema) };
  throw new Error(`${file}: the field ${name} has a type the editor does not know (${String(schema.type)})`);
}

/** The fields of an object schema, in the schema's order (which is also the order keys are written in new files). */
export function fieldsOf(schema: JsonSchema, schemas: Schemas, file: string): CmsField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    fieldFor(name, property, required.has(name), schemas, file),
  );
}

/** "data/about.yaml: the about page" → "The about page": a file's label, from its schema's title. */
export function fileLabel(schema: JsonSchema, fallback: string): string {
  const text = (schema.title ?? "").replace(/^[^:]*:\s*/, "").trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : humanize(fallback);
}

function pagesCollection(schemas: Schemas) {
  return {
    name: PAGES_COLLECTION,
    label: "Pages and settings",
    description: "The words of each page, the firm's details and the shared layout.",
    format: CMS_FORMAT,
    files: Object.entries(PAGE_FILES).map(([file, schemaName]) => {
      const schema = schemas[schemaName];
      if (!schema) throw new Error(`data/schema/${schemaName} is missing`);
      const name = fileKey(file);
      return {
        name,
        label: fileLabel(schema, name),
        file: `${CONTENT_FOLDER}/${file}`,
        format: CMS_FORMAT,
        preview_path: FILE_PAGES[name],
        fields: fieldsOf(schema, schemas, schemaName),
      };
    }),
  };
}

export function servicesCollection(schemas: Schemas) {
  const schema = schemas[SERVICE_SCHEMA];
  if (!schema) throw new Error(`data/schema/${SERVICE_SCHEMA} is missing`);
  const fields = fieldsOf(schema, schemas, SERVICE_SCHEMA);
  const has = (name: string) => fields.some((f) => f.name === name);
  return {
    name: SERVICES_COLLECTION,
    label: "Services",
    label_singular: "Service",
    description:
      `${schema.description ?? ""} The file name is the slug. ${SERVICE_COUNT.min} to ${SERVICE_COUNT.max} services.`.trim(),
    folder: `${CONTENT_FOLDER}/${SERVICES_DIRECTORY}`,
    extension: "yaml",
    format: CMS_FORMAT,
    create: true,
    delete: true,
    slug: has("slug") ? "{{fields.slug}}" : "{{slug}}",
    identifier_field: has("title") ? "title" : fields[0].name,
    ...(has("order") && has("navLabel") ? { summary: "{{fields.order}}. {{fields.navLabel}}" } : {}),
    preview_path: servicePath("{{slug}}"),
    // Listed in menu order.
    sortable_fields: fields
      .filter((f) => f.widget === "number" || f.name === "title")
      .map((f) => (f.name === "order" ? { field: f.name, default_sort: true as const } : f.name)),
    // Relative to each service file: data/services/x.yaml refers to ../images/…
    media_folder: "../images",
    public_folder: "../images",
    fields,
  };
}

/** The whole configuration handed to CMS.init (cms.tsx). */
export function cmsConfig({ schemas, backend, siteUrl }: { schemas: Schemas; backend: CmsBackend; siteUrl: string }) {
  return {
    load_config_file: false,
    backend: backend.config,
    // Local editing through the local backend (npm run cms), at the address the site's own reads use; a hosted backend's
    // build never asks for it.
    ...(backend.config.name === "proxy"
      ? { local_backend: { allowed_hosts: LOCAL_HOSTS, url: backend.config.proxy_url } }
      : {}),
    ...(backend.editorialWorkflow ? { publish_mode: "editorial_workflow" as const } : {}),
    media_folder: IMAGE_FOLDER,
    // Relative to the files in data/: data/firm.yaml refers to ./images/…
    public_folder: "./images",
    site_url: siteUrl,
    display_url: siteUrl,
    collections: [pagesCollection(schemas), servicesCollection(schemas)] as const,
  };
}
