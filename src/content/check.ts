/**
 * The content check, composed once for the build (plugins/content-model), `npm run check:content` and `gatsby
 * develop`'s checks after each edit: every file against its schema and the rules across files (validate.ts), and the
 * form endpoint FORM_ENDPOINT sets at build time (form-endpoint.ts; data/contact.yaml's own is its schema's to check,
 * by the same rule). The editor checks each entry before a save with the same rules (src/cms/entry.ts).
 */
import {
  FORM_ENDPOINT_ENV,
  checkFormEndpoint,
  exampleEndpointWarning,
  isExampleEndpoint,
  resolveFormEndpoint,
} from "./form-endpoint";
import { formatContentErrors, validateContentDirectory, type ParsedContent } from "./validate";

export interface ContentCheck {
  /** Everything wrong, in one message naming each file and field; null when nothing is. */
  failure: string | null;
  /** What builds but is not what the site needs (the shipped example form endpoint); null otherwise. */
  warning: string | null;
  content: ParsedContent;
}

export function checkContent(
  contentDir: string,
  { env = process.env, projectRoot }: { env?: Record<string, string | undefined>; projectRoot?: string } = {},
): ContentCheck {
  const { errors, content } = validateContentDirectory(contentDir, projectRoot);
  const endpoint = resolveFormEndpoint(content.contact?.form?.endpoint, env);
  const endpointError = env[FORM_ENDPOINT_ENV]?.trim() ? checkFormEndpoint(endpoint) : null;
  const problems = [errors.length > 0 ? formatContentErrors(errors) : null, endpointError].filter(Boolean);
  const failure = problems.length > 0 ? problems.join("\n\n") : null;
  return { failure, warning: !failure && isExampleEndpoint(endpoint.value) ? exampleEndpointWarning() : null, content };
}
