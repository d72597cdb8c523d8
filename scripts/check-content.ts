// Validates every YAML file in data/ (or the directory given as the first argument) without building the site.
import path from "path";
import { formatContentErrors, validateContentDirectory } from "../src/content/validate";
import { FORM_ENDPOINT_ENV, checkFormEndpoint, resolveFormEndpoint } from "../src/content/form-endpoint";

const dir = path.resolve(process.argv[2] ?? path.join(__dirname, "..", "data"));
const started = Date.now();
const { errors, content } = validateContentDirectory(dir, process.cwd());
// The YAML value is already checked above; check the endpoint on its own only when it is clean or overridden.
const endpoint = resolveFormEndpoint(content.contact?.form?.endpoint);
const endpointError = errors.length === 0 || process.env[FORM_ENDPOINT_ENV] ? checkFormEndpoint(endpoint) : null;

if (errors.length > 0) console.error(formatContentErrors(errors));
if (endpointError) console.error(endpointError);
if (errors.length > 0 || endpointError) process.exit(1);
console.log(
  `Content OK: ${Object.keys(content.files).length} page files and ${content.services.length} services checked in ${Date.now() - started} ms.`,
);
