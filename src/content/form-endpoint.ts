/**
 * The contact form's endpoint: a value in data/contact.yaml (`form.endpoint`), overridable at build time by the
 * FORM_ENDPOINT environment variable, and checked when the site builds.
 */
import { httpsHostProblem } from "../lib/header-grammar";

export const FORM_ENDPOINT_ENV = "FORM_ENDPOINT";
const FORM_ENDPOINT_FILE = "data/contact.yaml";
const FORM_ENDPOINT_FIELD = "form.endpoint";
/** The placeholder shipped in data/contact.yaml; submissions to it go nowhere useful. */
export const EXAMPLE_FORM_ENDPOINT = "https://formspree.io/f/your-form-id";

type Env = Record<string, string | undefined>;

export interface ResolvedEndpoint {
  value: string;
  /** Where the value came from, as an editor would look for it. */
  source: string;
}

export function resolveFormEndpoint(yamlValue: unknown, env: Env = process.env): ResolvedEndpoint {
  const fromEnv = env[FORM_ENDPOINT_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== "") {
    return { value: fromEnv.trim(), source: `the ${FORM_ENDPOINT_ENV} environment variable` };
  }
  const value = typeof yamlValue === "string" ? yamlValue.trim() : "";
  return { value, source: `${FORM_ENDPOINT_FILE} (${FORM_ENDPOINT_FIELD})` };
}

/**
 * Returns an error message naming the source and the value, or null when the endpoint is an absolute https URL on a
 * plain host name: its origin becomes every page's `form-action` (src/lib/header-grammar.ts).
 */
export function checkFormEndpoint({ value, source }: ResolvedEndpoint): string | null {
  const problem = value === "" ? "it is empty" : httpsHostProblem(value);
  if (!problem) return null;
  return `The contact form endpoint from ${source} is ${JSON.stringify(value)}: ${problem}. It must be an absolute https:// URL on a plain host name, e.g. ${EXAMPLE_FORM_ENDPOINT}.`;
}

/** The firm's own domain: the canonical origin of a build without SITE_URL. */
export const DEFAULT_SITE_URL = "https://www.harborlinevaluation.com";

/**
 * The site's canonical origin from SITE_URL (without a trailing slash), or the default; with what is wrong with a
 * SITE_URL that is not an absolute http(s) address (the default then stands in), naming the variable.
 */
export function siteUrlFrom(env: Env): { value: string; problem: string | null } {
  const value = env.SITE_URL?.trim();
  if (!value) return { value: DEFAULT_SITE_URL, problem: null };
  const url = (() => {
    try {
      return new URL(value);
    } catch {
      return null;
    }
  })();
  if (url && /^https?:$/.test(url.protocol) && !url.search && !url.hash) {
    return { value: value.replace(/\/+$/, ""), problem: null };
  }
  const problem = `SITE_URL is ${JSON.stringify(value)}: it must be the site's address, such as https://www.example.com`;
  return { value: DEFAULT_SITE_URL, problem };
}

/** What to say of a form that posts to the shipped example endpoint (submissions go nowhere useful); null otherwise. */
export function exampleEndpointWarning(value: string): string | null {
  if (value !== EXAMPLE_FORM_ENDPOINT) return null;
  return `The contact form still posts to the example endpoint ${EXAMPLE_FORM_ENDPOINT}: submissions go nowhere useful until you set ${FORM_ENDPOINT_FIELD} in ${FORM_ENDPOINT_FILE} or the ${FORM_ENDPOINT_ENV} environment variable (see README.md).`;
}
