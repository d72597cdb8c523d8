/**
 * The _headers format (Netlify, Cloudflare Pages): a path pattern line, then indented `Name: value` lines (where two
 * matching rules set one header, the hosts join the values with a comma). The one reader and writer of the format: the build writes the
 * per-page rules with it (hosting.ts), nginx's translation reads it (nginx.ts), and so does our server
 * (scripts/serve.ts). Free of imports, so Node runs it as it is.
 */

/** One block of a _headers file: a URL pattern and the headers it sets. */
export type HeaderRule = { pattern: string; headers: [name: string, value: string][] };

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | null = null;
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    if (!/^\s/.test(raw)) {
      current = { pattern: line, headers: [] };
      rules.push(current);
      continue;
    }
    const colon = line.indexOf(":");
    if (!current || colon <= 0) throw new Error(`_headers line ${index + 1}: expected "Name: value" under a path`);
    current.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** The rules as _headers text: each pattern, then its headers. */
export function formatHeaderRules(rules: HeaderRule[]): string {
  return rules
    .map(({ pattern, headers }) => [pattern, ...headers.map(([name, value]) => `${name}: ${value}`)].join("\n  "))
    .map((block) => `${block}\n`)
    .join("");
}

/** A pattern's `*` (any characters, `/` included) as a regular expression's source, the rest matched literally. */
export const patternSource = (pattern: string) =>
  pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");

/** Does a rule's pattern match the URL path a host serves? */
export const patternMatches = (pattern: string, urlPath: string) =>
  new RegExp(`^${patternSource(pattern)}$`).test(urlPath);
