/**
 * Where the YAML content lives: data/, or the directory in the CONTENT_DIR environment variable (used to build
 * fixture sites, e.g. the sixth-service check in scripts/fixture-site.mjs).
 */
import path from "path";

export const CONTENT_DIR_ENV = "CONTENT_DIR";

export function contentDirectory(projectRoot: string, env: Record<string, string | undefined> = process.env): string {
  return path.resolve(projectRoot, env[CONTENT_DIR_ENV] || "data");
}
