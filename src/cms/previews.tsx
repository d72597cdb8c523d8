/**
 * The editor's previews: each entry renders its page with the site's own views and CSS, from the draft as the editor
 * types, and the rest of the content as the backend holds it now.
 */
import React, { useEffect, useState } from "react";
import { contentFiles, siteContent, type ContentFiles } from "../content/site-content";
import type { Data } from "../content/data";
import { PAGE_FILES, SERVICE_SCHEMA, type Schemas } from "../content/model";
import { SiteLayout } from "../components/site-layout";
import { HomeView, type HomeViewProps } from "../components/home-view";
import { AboutView, type AboutViewProps } from "../components/about-view";
import { ServicesView, type ServicesViewProps } from "../components/services-view";
import { ServiceView, type ServiceViewProps } from "../components/service-view";
import { ContactView, type ContactViewProps } from "../components/contact-view";
import { NotFoundView, type NotFoundViewProps } from "../components/not-found-view";
import { StaticQueryData } from "./gatsby-shim";
import { FILE_PAGES, SERVICES_COLLECTION } from "./config";
import { withSkeleton } from "./entry";
import { readSources, type ContentStore } from "./content-store";

/** The content around the page being edited: every file, and the services. */
export type SiteContent = ContentFiles;

/** What a preview draws from: plain data only (preview-templates.tsx turns Decap's props into these). */
export interface PreviewProps {
  /** The draft, as the editor types it. */
  data: Data;
  /** The entry's slug as loaded (a file's name, or the service's file name); undefined for a new entry. */
  slug: string | undefined;
  /** A URL the preview can show for an image path the draft holds (Decap's getAsset). */
  assetUrl(path: string): string;
  /** The other content files and the services, from the editor's backend (loaded once per preview). */
  loadContent(): Promise<SiteContent>;
}

/** Every content file and the services as the editor's backend holds them now (content-store.ts). */
export async function readBackendContent(store: ContentStore, branch: string): Promise<SiteContent> {
  return contentFiles(await readSources(store, branch));
}

function useSiteContent(loadContent: PreviewProps["loadContent"]): SiteContent | null {
  const [content, setContent] = useState<SiteContent | null>(null);
  useEffect(() => {
    let live = true;
    void loadContent().then((loaded) => live && setContent(loaded));
    return () => void (live = false);
  }, [loadContent]);
  return content;
}

/** gatsby-plugin-image data for an image the editor picked: the preview shows the original file. */
function asImage(src: string | undefined, width: number, height: number) {
  return {
    childImageSharp: src
      ? { gatsbyImageData: { layout: "constrained" as const, width, height, images: { fallback: { src } } } }
      : null,
  };
}

type PageRender = (content: SiteContent) => React.ReactNode;

/**
 * The site's views fed with content that has passed no check yet: filled out to the schema's shape (withSkeleton),
 * the YAML data has the shape of the page queries, field for field, except images (asImage) and computed paths.
 */
function as<T>(data: unknown): T {
  return data as T;
}

/** A content file's data filled out to its schema's shape; `name`: a page file's (home) or the service schema. */
function filled(schemas: Schemas, data: Data | undefined, name: string): Data {
  const schemaName = name === SERVICE_SCHEMA ? name : PAGE_FILES[`${name}.yaml` as keyof typeof PAGE_FILES];
  return withSkeleton(data, schemas[schemaName], schemas, schemaName) as Data;
}

function previewPages(schemas: Schemas, resolveAsset: (path: string) => string): Record<string, PageRender> {
  const full = (data: Data, name: string): Data => filled(schemas, data, name);
  // As the pages see them (src/content/site-content.ts): in order with their paths; the firm with its derived fields.
  const services = (content: SiteContent) =>
    siteContent({ files: {}, services: content.services.map((s) => full(s, SERVICE_SCHEMA)) }, schemas).services;
  const firm = (content: SiteContent) => {
    const data = full(content.files.firm, "firm") as Data & { founder: Data; credential: Data };
    return {
      ...siteContent({ files: { firm: data }, services: [] }, schemas).files.firm,
      founder: { ...data.founder, portrait: asImage(resolveAsset(String(data.founder.portrait)), 320, 400) },
      credential: { ...data.credential, badge: asImage(resolveAsset(String(data.credential.badge)), 160, 160) },
    };
  };
  const contactPage: PageRender = (c) => (
    <ContactView
      contact={as<ContactViewProps["contact"]>(full(c.files.contact, "contact"))}
      firm={as<ContactViewProps["firm"]>(firm(c))}
      newTabNote={String((full(c.files.layout, "layout").footer as Data).newTab)}
    />
  );
  return {
    home: (c) => (
      <HomeView
        home={as<HomeViewProps["home"]>(full(c.files.home, "home"))}
        firm={as<HomeViewProps["firm"]>(firm(c))}
        services={as<HomeViewProps["services"]>(services(c))}
      />
    ),
    about: (c) => (
      <AboutView
        about={as<AboutViewProps["about"]>(full(c.files.about, "about"))}
        firm={as<AboutViewProps["firm"]>(firm(c))}
      />
    ),
    "services-page": (c) => (
      <ServicesView
        content={as<ServicesViewProps["content"]>(full(c.files["services-page"], "services-page"))}
        services={as<ServicesViewProps["services"]>(services(c))}
      />
    ),
    contact: contactPage,
    "not-found": (c) => (
      <NotFoundView content={as<NotFoundViewProps["content"]>(full(c.files["not-found"], "not-found"))} />
    ),
    // Shown on the contact page, as FILE_PAGES says.
    firm: contactPage,
    layout: contactPage,
  };
}

/** The page around a preview: the site's own layout, its static query answered from the same content. */
type InLayoutProps = { content: SiteContent; pathname: string; schemas: Schemas; children: React.ReactNode };
function InLayout({ content, pathname, schemas, children }: InLayoutProps) {
  const data = {
    site: { buildTime: String(new Date().getFullYear()) },
    layoutYaml: filled(schemas, content.files.layout, "layout"),
    firmYaml: filled(schemas, content.files.firm, "firm"),
    allServiceYaml: { nodes: siteContent({ files: {}, services: content.services }, schemas).services },
  };
  return (
    <StaticQueryData.Provider value={data}>
      <SiteLayout pathname={pathname}>{children}</SiteLayout>
    </StaticQueryData.Provider>
  );
}

/** A preview component for Decap: the file's page (pages collection) or the service's page (services collection). */
export function previewTemplate(schemas: Schemas, collection: string, name?: string) {
  return function Preview({ data: draft, slug, assetUrl, loadContent }: PreviewProps) {
    const content = useSiteContent(loadContent);
    if (!content) return <p>Loading the preview…</p>;
    const resolveAsset = (path: string) => (path ? assetUrl(path) : "");
    // The draft replaces its own file in the content around it.
    const withDraft: SiteContent =
      collection === SERVICES_COLLECTION
        ? {
            files: content.files,
            services: [
              ...content.services.filter((s) => slug === undefined || (s.slug !== draft.slug && s.slug !== slug)),
              draft,
            ],
          }
        : { files: { ...content.files, [name!]: draft }, services: content.services };
    if (collection === SERVICES_COLLECTION) {
      const services = [filled(schemas, draft, SERVICE_SCHEMA)];
      const [service] = siteContent({ files: {}, services }, schemas).services;
      const layout = filled(schemas, withDraft.files.layout, "layout") as { nav: { services: string } };
      const home = filled(schemas, withDraft.files.home, "home");
      return (
        <InLayout content={withDraft} pathname={String(service.path)} schemas={schemas}>
          <ServiceView
            service={as<ServiceViewProps["service"]>(service)}
            servicesLabel={layout.nav.services}
            cta={as<ServiceViewProps["cta"]>(home.cta)}
          />
        </InLayout>
      );
    }
    return (
      <InLayout content={withDraft} pathname={FILE_PAGES[name!]} schemas={schemas}>
        {previewPages(schemas, resolveAsset)[name!](withDraft)}
      </InLayout>
    );
  };
}
