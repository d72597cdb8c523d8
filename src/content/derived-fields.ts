/**
 * The fields the build works out instead of an editor typing them, each declared once: where it sits in the content,
 * its GraphQL type and description (schema-to-graphql.ts adds it to the generated type), and how it is computed —
 * by the build's resolvers (plugins/content-model) and by every reader outside Gatsby (withDerivedFields: scripts,
 * tests, the editor's previews), so they all see what the pages show.
 */
import { regionName } from "./address";
import type { Schemas } from "./model";
import { dialNumber } from "./phone";
import { servicePath } from "../lib/paths";

type Fields = Record<string, unknown>;

/** What a computation may read besides its own object: the schemas, and the firm (its office's country). */
export interface DerivedContext {
  schemas: Schemas;
  firm: { address: Fields };
}

export interface DerivedField {
  type: string;
  description: string;
  compute(source: Fields, context: DerivedContext): string;
}

const text = (value: unknown) => String(value ?? "");

/** By GraphQL type: where its objects sit in the content (`firm.address`, or each of `services`), and its fields. */
export const DERIVED_FIELDS = {
  ServiceYaml: {
    at: "services",
    fields: {
      path: {
        type: "String!",
        description: "The service page's path, built from its slug (src/lib/paths.ts).",
        compute: (service) => servicePath(text(service.slug)),
      },
    },
  },
  FirmAddress: {
    at: "firm.address",
    fields: {
      regionName: {
        type: "String!",
        description:
          "The state's full name, e.g. California: the name data/schema/defs.schema.json gives region's code (src/content/address.ts).",
        compute: (address, { schemas }) => regionName(schemas, text(address.region)),
      },
    },
  },
  FirmPhone: {
    at: "firm.phone",
    fields: {
      dial: {
        type: "String!",
        description: "The number to dial (E.164), for tel: links: worked out from display (src/content/phone.ts).",
        // The content check refuses a number that cannot be dialled; were one to slip past, it dials nothing.
        compute: (phone, { firm }) => dialNumber(text(phone.display), text(firm.address.country)) ?? "",
      },
    },
  },
} satisfies Record<string, { at: "services" | `firm.${string}`; fields: Record<string, DerivedField> }>;

/** The derived fields of a GraphQL type, by name; none for a type without. */
export function derivedFieldsOf(type: string): Record<string, DerivedField> {
  return (DERIVED_FIELDS as Record<string, { fields: Record<string, DerivedField> } | undefined>)[type]?.fields ?? {};
}

/** `source` with the derived fields of its GraphQL type. */
function derive(type: string, source: Fields, context: DerivedContext): Fields {
  const fields = derivedFieldsOf(type);
  return { ...source, ...Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.compute(source, context)])) };
}

/** The content with every derived field, as the page queries give it: the firm's, and each service's. */
export function withDerivedFields<C extends { firm: Fields; services: Fields[] }>(content: C, schemas: Schemas): C {
  // A preview may draw a service before the firm's file has loaded: its fields are then derived from nothing.
  const context: DerivedContext = { schemas, firm: { address: (content.firm.address ?? {}) as Fields } };
  const firm: Fields = { ...content.firm };
  let services = content.services;
  for (const [type, { at }] of Object.entries(DERIVED_FIELDS)) {
    if (at === "services") services = services.map((service) => derive(type, service, context));
    else {
      const key = at.slice("firm.".length);
      firm[key] = derive(type, (content.firm[key] ?? {}) as Fields, context);
    }
  }
  return { ...content, firm, services };
}
