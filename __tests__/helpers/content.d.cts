// Types of content.cjs.

export declare const PROJECT_ROOT: string;
export declare const DATA_DIR: string;
/** __tests__/fixtures */

export declare function lineOf(text: string, search: string | RegExp): number;

export interface ContentCopy {
  /** The temporary project root; the copy is at `${root}/data`. */
  root: string;
  dataDir: string;
  file(relative: string): string;
  read(relative: string): string;
  write(relative: string, text: string): void;
  /** Replaces the first match; throws if nothing matched, so a test cannot silently break nothing. */
  edit(relative: string, search: string | RegExp, replacement: string): void;
  remove(relative: string): void;
  lineOf(relative: string, search: string | RegExp): number;
  cleanup(): void;
}

export declare function copyRealData(): ContentCopy;

/** One data/services/*.yaml file, with the `path` the site derives from its slug. */
export type ServiceContent = NonNullable<Queries.ServicePageQuery["serviceYaml"]> &
  Queries.ServicesPageQuery["allServiceYaml"]["nodes"][number] &
  Queries.HomePageQuery["allServiceYaml"]["nodes"][number] & { order: number };

/** data/firm.yaml as written (image fields are file paths, not image nodes). */
export interface FirmContent {
  name: string;
  tagline: string;
  founded: number;
  yearsOfExperience: number;
  areaServed: string;
  membershipNote: string;
  founder: { name: string; title: string; portrait: string; portraitAlt: string };
  credential: { name: string; abbreviation: string; badge: string; badgeAlt: string };
  phone: { display: string; dial: string };
  address: { street: string; city: string; region: string; regionName: string; postalCode: string; country: string };
  links: { label: string; url: string }[];
}

/** The content as src/content/read-content.ts gives it: each page file by its key, and the services in order. */
export interface RealContent {
  files: {
    layout: NonNullable<Queries.LayoutDataQuery["layoutYaml"]>;
    firm: FirmContent;
    home: NonNullable<Queries.HomePageQuery["homeYaml"]>;
    about: NonNullable<Queries.AboutPageQuery["aboutYaml"]>;
    "services-page": NonNullable<Queries.ServicesPageQuery["servicesPageYaml"]>;
    contact: NonNullable<Queries.ContactPageQuery["contactYaml"]>;
    "not-found": NonNullable<Queries.NotFoundPageQuery["notFoundYaml"]>;
  };
  services: ServiceContent[];
}

export declare function loadServices(dataDir: string): ServiceContent[];
export declare function loadRealContent(dataDir?: string): RealContent;
