/**
 * The contact form's endpoint: a value in data/contact.yaml (`form.endpoint`), overridable at build time by the
 * FORM_ENDPOINT environment variable, and checked when the site builds.
 */
export const FORM_ENDPOINT_ENV = "FORM_ENDPOINT";
export const FORM_ENDPOINT_FILE = "data/contact.yaml";
export const FORM_ENDPOINT_FIELD = "form.endpoint";
/** The placeholder shipped in data/contact.yaml; submissions to it go nowhere useful. */
export const EXAMPLE_FORM_ENDPOINT = "https://formspree.io/f/your-form-id";

export interface ResolvedEndpoint {
  value: string;
  /** Where the value came from, as an editor would look for it. */
  source: string;
}

export function resolveFormEndpoint(
  yamlValue: unknown,
  env: Record<string, string | undefined> = process.env,
): ResolvedEndpoint {
  const fromEnv = env[FORM_ENDPOINT_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== "") {
    return { value: fromEnv.trim(), source: `the ${FORM_ENDPOINT_ENV} environment variable` };
  }
  return {
    value: typeof yamlValue === "string" ? yamlValue.trim() : "",
    source: `${FORM_ENDPOINT_FILE} (${FORM_ENDPOINT_FIELD})`,
  };
}

/** Returns an error message naming the source and the value, or null when the endpoint is an absolute https URL. */
export function checkFormEndpoint({ value, source }: ResolvedEndpoint): string | null {
  const problem = endpointProblem(value);
  if (!problem) return null;
  return `The contact form endpoint from ${source} is ${JSON.stringify(value)}: ${problem}. It must be an absolute https:// URL, e.g. ${EXAMPLE_FORM_ENDPOINT}.`;
}

function endpointProblem(value: string): string | null {
  if (value === "") return "it is empty";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value.startsWith("/") || value.startsWith(".") ? "it is a relative address" : "it is not a valid URL";
  }
  if (url.protocol !== "https:") return `it uses ${url.protocol.replace(":", "")}, not https`;
  // "https:host/path" parses as a URL, but a browser on an https page resolves it as a relative path of the site.
  if (!/^https:\/\//i.test(value)) return "it is missing the // after https:";
  if (!url.hostname) return "it has no host";
  if (url.username || url.password) return "it must not contain a user name or password";
  return null;
}

export function isExampleEndpoint(value: string): boolean {
  return value === EXAMPLE_FORM_ENDPOINT;
}

export function exampleEndpointWarning(): string {
  return `The contact form still posts to the example endpoint ${EXAMPLE_FORM_ENDPOINT}: submissions go nowhere useful until you set ${FORM_ENDPOINT_FIELD} in ${FORM_ENDPOINT_FILE} or the ${FORM_ENDPOINT_ENV} environment variable (see README.md).`;
}
