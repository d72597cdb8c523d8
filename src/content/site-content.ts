/**
 * The site's content as the pages see it, from its files' texts, free of the file system. The fields the build works
 * out (a service's path, the state's full name, the number a tel: link dials) are computed here, for the build's
 * resolvers (plugins/content-model) and every reader outside Gatsby alike (scripts, tests, the editor's previews).
 */
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { servicePath } from "../lib/paths";
import {
  FIRM_SCHEMA,
  PAGE_FILES,
  SERVICE_FILE,
  choicesOf,
  fileKey,
  resolveSchema,
  type Schemas,
  type SourceFile,
} from "./model";
import { parseData, type Data } from "./data";

const text = (value: unknown) => String(value ?? "");

/** The full name of the state whose code is `region`, or the code itself if the schema does not list it. */
export function regionName(schemas: Schemas, region: string): string {
  const address = schemas[FIRM_SCHEMA]?.properties?.address;
  const property = address && resolveSchema(address, schemas, FIRM_SCHEMA).schema.properties?.region;
  const choices = property ? choicesOf(resolveSchema(property, schemas, FIRM_SCHEMA).schema) : null;
  return String(choices?.find((choice) => choice.value === region)?.title ?? region);
}

/** The number in E.164, or null when it is not a number that can be dialled from `country` (ISO 3166 alpha-2). */
export function dialNumber(written: string, country: string): string | null {
  const number = parsePhoneNumberFromString(written, country.toUpperCase() as CountryCode);
  return number && number.isValid() ? number.number : null;
}

export interface DerivedField {
  type: string;
  description: string;
  /** The value, from the object that has the field, the firm (its office's country) and the schemas. */
  compute(source: Data, firm: Data, schemas: Schemas): string;
}

/** By GraphQL type, the fields it gets (schema-to-graphql.ts declares them; plugins/content-model resolves them). */
export const DERIVED_FIELDS: Record<string, Record<string, DerivedField>> = {
  ServiceYaml: {
    path: {
      type: "String!",
      description: "The service page's path, built from its slug (src/lib/paths.ts).",
      compute: (service) => servicePath(text(service.slug)),
    },
  },
  FirmAddress: {
    regionName: {
      type: "String!",
      description:
        "The state's full name, e.g. California: the name data/schema/defs.schema.json gives region's code (src/content/site-content.ts).",
      compute: (address, _firm, schemas) => regionName(schemas, text(address.region)),
    },
  },
  FirmPhone: {
    dial: {
      type: "String!",
      description: "The number to dial (E.164), for tel: links: worked out from display (src/content/site-content.ts).",
      // The content check refuses a number that cannot be dialled; were one to slip past, it dials nothing.
      compute: (phone, firm) =>
        dialNumber(text(phone.display), text((firm.address as Data | undefined)?.country)) ?? "",
    },
  },
};

/** `source` with the derived fields of its GraphQL type. */
function derive(type: string, source: Data, firm: Data, schemas: Schemas): Data {
  const fields = Object.entries(DERIVED_FIELDS[type]).map(([key, f]) => [key, f.compute(source, firm, schemas)]);
  return { ...source, ...Object.fromEntries(fields) };
}

/** The parsed content files: each page file by its key (firm, services-page…: model.ts fileKey), and the services. */
export type ContentFiles = { files: Record<string, Data>; services: Data[] };

/** The content files, parsed: the page files there are, by key (firm), and the services in the order given. */
export function contentFiles(sources: SourceFile[]): ContentFiles {
  const pages = sources.filter(({ name }) => name in PAGE_FILES);
  return {
    files: Object.fromEntries(pages.map(({ name, text }) => [fileKey(name), parseData(text)])),
    services: sources.filter(({ name }) => SERVICE_FILE.test(name)).map(({ text }) => parseData(text)),
  };
}

/**
 * The site's content as the pages see it: the services in menu order, each with its path, and the firm with its
 * derived fields (a preview may draw a service before the firm's file has loaded: the firm is then empty).
 */
export function siteContent(raw: ContentFiles, schemas: Schemas): ContentFiles {
  const firm = raw.files.firm ?? {};
  const part = (type: string, key: string) => derive(type, (firm[key] ?? {}) as Data, firm, schemas);
  const services = [...raw.services]
    .sort((a, b) => Number(a.order) - Number(b.order))
    .map((service) => derive("ServiceYaml", service, firm, schemas));
  const derivedFirm = { ...firm, address: part("FirmAddress", "address"), phone: part("FirmPhone", "phone") };
  return { files: { ...raw.files, firm: derivedFirm }, services };
}
