/**
 * Which addresses from content become links: https pages, e-mail (mailto:) and telephone (tel:) addresses. Anything
 * else — `javascript:`, `data:`, plain http, a relative path — is not a link the site makes from content: the pages
 * and the editor's previews show its text instead. The content check refuses such values before they are published;
 * this keeps the editor's preview of an unsaved value, and any value that slipped past, harmless.
 */
const LINK_PROTOCOLS = ["https:", "mailto:", "tel:"];

/** The address as an href, or null when content may not link to it. */
export function contentHref(address: string): string | null {
  const trimmed = address.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (!LINK_PROTOCOLS.includes(url.protocol)) return null;
  // "https:host" parses, but a browser resolves it against the page as a path of the site itself.
  if (url.protocol === "https:" && !/^https:\/\/[^/]/i.test(trimmed)) return null;
  return trimmed;
}
