// Validates every YAML file in data/ (or the directory given as the first argument) without building the site.
import path from "path";
import { formatContentErrors, validateContentDirectory } from "../src/content/validate";
import { checkFormEndpoint, resolveFormEndpoint } from "../src/content/form-endpoint";

const dir = path.resolve(process.argv[2] ?? path.join(__dirname, "..", "data"));
const started = Date.now();
const { errors, content } = validateContentDirectory(dir, process.cwd());
const endpointError = checkFormEndpoint(resolveFormEndpoint(content.contact?.form?.endpoint));

if (errors.length > 0) console.error(formatContentErrors(errors));
if (endpointError) console.error(endpointError);
if (errors.length > 0 || endpointError) process.exit(1);
console.log(
  `Content OK: ${Object.keys(content.files).length} page files and ${content.services.length} services checked in ${Date.now() - started} ms.`,
);
