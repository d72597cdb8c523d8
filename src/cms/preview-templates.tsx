/**
 * What a preview draws with, loaded with the first preview (preview-root.ts): React 18, the site's views for each
 * collection (previews.tsx), and the content around the draft, read once per preview pane.
 */
import React from "react";
import { createRoot } from "react-dom/client";
import type { JsonSchema } from "../content/model";
import type { ContentStore } from "./content-store";
import type { DecapPreviewProps } from "./decap";
import type { PreviewRenderer } from "./preview-root";
import { previewTemplate, readBackendContent, type SiteContent } from "./previews";

/** One content loader per preview pane (Decap's getCollection is the pane's own), so content loads once per pane. */
const loaders = new WeakMap<DecapPreviewProps["getCollection"], () => Promise<SiteContent>>();

export function previewRenderer(
  schemas: Record<string, JsonSchema>,
  { store, branch }: { store: ContentStore; branch: string },
  collection: string,
  name?: string,
): PreviewRenderer {
  const loaderFor = (getCollection: DecapPreviewProps["getCollection"]) => {
    let loader = loaders.get(getCollection);
    if (!loader) {
      let loaded: Promise<SiteContent> | undefined;
      loader = () => (loaded ??= readBackendContent(store, branch));
      loaders.set(getCollection, loader);
    }
    return loader;
  };
  const Preview = previewTemplate(schemas, collection, name);
  return {
    createRoot,
    render: ({ entry, getAsset, getCollection }) => (
      <Preview
        data={entry.get("data").toJS()}
        slug={entry.get("slug")}
        assetUrl={(path) => getAsset(path)?.toString() ?? path}
        loadContent={loaderFor(getCollection)}
      />
    ),
  };
}
