/**
 * The site's content as the pages see it, from its parsed files: the services in menu order, each with its path, and
 * the firm with the fields the build derives (derived-fields.ts). Free of the file system: read-content.ts reads a
 * content directory into it for scripts and tests; the editor's previews read the backend's files into it.
 */
import { withDerivedFields } from "./derived-fields";
import type { Schemas } from "./model";

export type Data = Record<string, unknown>;

/** The parsed content files: each page file by its name without extension (firm, services-page…), and the services. */
export interface ContentFiles {
  files: Record<string, Data>;
  services: Data[];
}

/** A content file's key in ContentFiles.files: firm.yaml → firm. */
export const fileKey = (file: string) => file.replace(/\.ya?ml$/, "");

export function siteContent(raw: ContentFiles, schemas: Schemas): ContentFiles {
  const services = [...raw.services].sort((a, b) => Number(a.order) - Number(b.order));
  const derived = withDerivedFields({ firm: raw.files.firm ?? {}, services }, schemas);
  return { files: { ...raw.files, firm: derived.firm }, services: derived.services };
}
