/**
 * Decap's preview templates, loaded with the first preview (cms.tsx): the site's views for each collection
 * (previews.tsx), drawn from plain data, and the content around the draft, read once per preview pane.
 */
import React from "react";
import type { JsonSchema } from "../content/model";
import type { ContentStore } from "./content-store";
import type { DecapPreviewProps } from "./decap";
import { previewTemplate, readBackendContent, type SiteContent } from "./previews";

/** One content loader per preview pane (Decap's getCollection is the pane's own), so content loads once per pane. */
const loaders = new WeakMap<DecapPreviewProps["getCollection"], () => Promise<SiteContent>>();

export function previewComponent(
  schemas: Record<string, JsonSchema>,
  { store, branch }: { store: ContentStore; branch: string },
  collection: string,
  name?: string,
) {
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
  return function DecapPreview({ entry, getAsset, getCollection }: DecapPreviewProps) {
    return (
      <Preview
        data={entry.get("data").toJS()}
        slug={entry.get("slug")}
        assetUrl={(path) => getAsset(path)?.toString() ?? path}
        loadContent={loaderFor(getCollection)}
      />
    );
  };
}
