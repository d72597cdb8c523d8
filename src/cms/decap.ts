/**
 * The parts of Decap CMS's browser API the editor uses. /admin/ loads Decap's bundle (vendor/decap-cms-<version>.tgz,
 * scripts/update-editor.mjs) before the editor's bundle (cms.tsx); it sets `window.CMS`, and its React is the one the
 * editor's code renders with (plugins/publish/editor/admin.ts).
 */
import type React from "react";

/** Where Decap keeps the logged-in editor (with the backend's token) in localStorage. */
export const DECAP_USER_KEY = "decap-cms-user";

/** A Decap (Immutable.js) map, read by key. */
interface DecapMap {
  get(key: string): unknown;
}

/** What Decap hands a preview template (the parts used here). */
export interface DecapPreviewProps {
  entry: DecapMap & {
    get(key: "data"): { toJS(): Record<string, unknown> };
    get(key: "slug"): string | undefined;
  };
  /** An asset proxy for a path the editor picked or the file holds; its toString() is a URL the preview can show. */
  getAsset(path: string): { toString(): string } | undefined;
  /** Another entry (by slug: a map of data, slug, path) or every entry of a collection (a list of those). */
  getCollection(collection: string, slug?: string): Promise<unknown>;
}

type Phrases = { [key: string]: string | Phrases };

/** A backend's own implementation, as CMS.getBackend(name).init makes it: what a restore uses of it. */
export interface DecapImplementation {
  authenticate(user: unknown): Promise<unknown>;
  persistEntry(
    entry: { dataFiles: { path: string; slug: string; raw: string }[]; assets: [] },
    options: object,
  ): Promise<unknown>;
}

interface DecapCms {
  registerCustomFormat(
    name: string,
    extension: string,
    format: { fromFile(text: string): Record<string, unknown>; toFile(data: Record<string, unknown>): string },
  ): void;
  registerPreviewTemplate(name: string, component: React.ComponentType<DecapPreviewProps>): void;
  registerPreviewStyle(style: string, options?: { raw?: boolean }): void;
  /** Decap's own backends by name (`proxy` …), and one of the editor's: a constructor, called with `new`. */
  getBackend(name: string): { init(...args: unknown[]): unknown };
  registerBackend(name: string, backend: (...args: unknown[]) => unknown): void;
  registerEventListener(listener: { name: string; handler: (args: never) => unknown }): void;
  /** A locale's phrases, nested by screen (workflow.workflow.newPost …). */
  getLocale(name: string): Phrases;
  registerLocale(name: string, phrases: Phrases): void;
  init(options: { config: unknown }): void;
}

/** Decap's CMS, or an error that says the page is missing Decap's bundle (it must load first). */
export function decapCms(scope = window as { CMS?: DecapCms }): DecapCms {
  if (!scope.CMS) throw new Error("Decap CMS did not load: /admin/ must load decap-cms.js before the editor's bundle.");
  return scope.CMS;
}
