/**
 * What may go into a response header the build writes. The form endpoint, from content, ends up in a policy, where a
 * `;` starts a directive, a `,` a second policy and `*` widens a host: the content check and the build check it here.
 */

/** A plain DNS host name: dot-separated labels of letters, digits and inner hyphens; no wildcard, no IP literal. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;
const LOCAL_HOSTS = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

/**
 * Why `value` cannot be a page's form origin (an absolute https URL on a plain public host name), or null. The origin
 * of such a URL is exactly what a policy's host-source allows.
 */
export function httpsHostProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value.startsWith("/") || value.startsWith(".") ? "it is a relative address" : "it is not a valid URL";
  }
  if (url.protocol !== "https:") return `it uses ${url.protocol.replace(":", "")}, not https`;
  // "https:host/path" parses as a URL, but a browser on an https page resolves it as a relative path of the site.
  if (!/^https:\/\//i.test(value)) return "it is missing the // after https:";
  if (url.username || url.password) return "it must not contain a user name or password";
  const host = url.hostname;
  if (!host) return "it has no host";
  if (/[*;,'"\s]/.test(host)) return `its host ${JSON.stringify(host)} has a character a host name cannot have`;
  if (LOCAL_HOSTS.test(host) || !HOST_NAME.test(host) || /^[\d.]+$/.test(host)) {
    return `its host ${JSON.stringify(host)} is not a public host name such as formspree.io`;
  }
  return null;
}

const KEYWORDS = new Set(["'self'", "'none'", "'unsafe-inline'"]);
const HASH_SOURCE = /^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/;
const SCHEME_SOURCE = /^(data|blob|https):$/;

/** Whether `source` is a source expression the build writes: a keyword, a hash, a scheme, or an http(s) origin. */
function isSource(source: string): boolean {
  if (KEYWORDS.has(source) || HASH_SOURCE.test(source) || SCHEME_SOURCE.test(source)) return true;
  const origin = /^(https?):\/\/([^/:]+|\[::1\])(:\d{1,5})?$/.exec(source);
  if (!origin) return false;
  const [, scheme, host] = origin;
  return scheme === "https" ? HOST_NAME.test(host) : LOCAL_HOSTS.test(host);
}

/** The directives the build's policies use; anything else (`sandbox`, `report-uri`) is refused. */
const DIRECTIVES = new Set(
  (
    "default-src script-src style-src img-src font-src connect-src manifest-src frame-src worker-src form-action " +
    "frame-ancestors base-uri object-src"
  ).split(" "),
);

/** Why `policy` is not a Content-Security-Policy made of the directives and sources the build writes, or null. */
export function policyProblem(policy: string): string | null {
  if (policy.includes(",")) return "it has a comma, which starts a second policy";
  const seen = new Set<string>();
  for (const directive of policy.split(";").map((part) => part.trim())) {
    if (directive === "") return "it has an empty directive";
    const [name, ...sources] = directive.split(/\s+/);
    if (!DIRECTIVES.has(name)) return `it has the directive ${JSON.stringify(name)}`;
    if (seen.has(name)) return `it has ${name} twice`;
    seen.add(name);
    const bad = sources.find((source) => !isSource(source));
    if (bad !== undefined) return `${name} has the source ${JSON.stringify(bad)}`;
    if (sources.length === 0) return `${name} has no source`;
  }
  return null;
}

/**
 * Why a header line `name: value` cannot be written as it is, or null: a name of token characters, a value of visible
 * characters and spaces on one line, and a Content-Security-Policy the build's grammar allows.
 */
export function headerProblem(name: string, value: string): string | null {
  if (!/^[A-Za-z0-9-]+$/.test(name)) return `the header name ${JSON.stringify(name)} is not a token`;
  if (/[^\x20-\x7e]/.test(value)) return `${name} has a line break or a character outside printable ASCII`;
  if (name.toLowerCase() === "content-security-policy") {
    const problem = policyProblem(value);
    if (problem) return `its Content-Security-Policy is not one the build writes: ${problem}`;
  }
  return null;
}
