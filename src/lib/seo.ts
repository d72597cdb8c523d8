/** Pure helpers for the head: absolute URLs, titles and the JSON-LD that describes the firm and its services. */
import { pagePath } from "./paths";

/** The absolute URL of a page in the site's one URL form (src/lib/paths.ts), however the visitor typed it. */
export function absoluteUrl(siteUrl: string, pathname: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${pagePath(pathname)}`;
}

export function pageTitle(title: string, firmName: string): string {
  return title === firmName ? title : `${title} | ${firmName}`;
}

/** The firm as the head's static query returns it (src/hooks/use-seo-data.ts). */
export type FirmFacts = NonNullable<Queries.SeoDataQuery["firmYaml"]>;

/** The service fields a Service JSON-LD needs. */
export type ServiceFacts = Pick<Queries.ServiceYaml, "title" | "description" | "path">;

/** The image shown when a page is shared (static/share-card.png). */
export function shareImageUrl(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/share-card.png`;
}

export function organizationJsonLd(firm: FirmFacts, siteUrl: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": `${absoluteUrl(siteUrl, "/")}#firm`,
    name: firm.name,
    description: firm.description,
    url: absoluteUrl(siteUrl, "/"),
    image: shareImageUrl(siteUrl),
    telephone: firm.phone.dial,
    foundingDate: String(firm.founded),
    founder: {
      "@type": "Person",
      name: firm.founder.name,
      jobTitle: firm.founder.title,
      hasCredential: {
        "@type": "EducationalOccupationalCredential",
        name: `${firm.credential.name} (${firm.credential.abbreviation})`,
        recognizedBy: { "@type": "Organization", name: firm.credential.awardedBy.replace(/^the /i, "") },
      },
    },
    address: {
      "@type": "PostalAddress",
      streetAddress: firm.address.street,
      addressLocality: firm.address.city,
      addressRegion: firm.address.region,
      postalCode: firm.address.postalCode,
      addressCountry: firm.address.country,
    },
    areaServed: { "@type": "Country", name: firm.areaServed },
    sameAs: firm.links.map((link) => link.url),
  };
}

export function serviceJsonLd(service: ServiceFacts, firm: FirmFacts, siteUrl: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.title,
    description: service.description,
    url: absoluteUrl(siteUrl, service.path),
    serviceType: service.title,
    areaServed: { "@type": "Country", name: firm.areaServed },
    provider: { "@type": "ProfessionalService", "@id": `${absoluteUrl(siteUrl, "/")}#firm`, name: firm.name },
  };
}
