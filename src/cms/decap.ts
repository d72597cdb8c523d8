/**
 * The parts of Decap CMS's browser API the editor uses. /admin/ loads Decap's own prebuilt bundle (decap-cms, with
 * its own React 19) before the editor's bundle (cms.tsx); the bundle sets `window.CMS`, `window.h` (its React's
 * createElement) and `window.createClass`. No React element of the site's React 18 is ever handed to these: preview
 * templates are Decap components that mount a React 18 root of their own (preview-root.ts).
 */

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

/** An element of Decap's own React (opaque here). */
type DecapElement = { readonly $$typeof: symbol };

interface DecapComponentSpec<P> {
  componentDidMount?(): void;
  componentDidUpdate?(): void;
  componentWillUnmount?(): void;
  render(): DecapElement;
  [method: string]: unknown;
  props?: P;
}

export type DecapComponent = { readonly displayName?: string };

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
  registerPreviewTemplate(name: string, component: DecapComponent): void;
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

export interface DecapGlobals {
  CMS: DecapCms;
  h(type: string, props: Record<string, unknown> | null, ...children: unknown[]): DecapElement;
  createClass<P>(spec: DecapComponentSpec<P>): DecapComponent;
}

/** Decap's globals, or an error that says the page is missing Decap's bundle (it must load first). */
export function decapGlobals(scope: Partial<DecapGlobals> = window as unknown as Partial<DecapGlobals>): DecapGlobals {
  const { CMS, h, createClass } = scope;
  if (!CMS || !h || !createClass) {
    throw new Error("Decap CMS did not load: /admin/ must load decap-cms.js before the editor's bundle.");
  }
  return { CMS, h, createClass };
}
