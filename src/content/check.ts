/**
 * The content check of a content directory, for the build, `npm run check:content` and `gatsby develop`: every file
 * (validate.ts) over the files and images on disk, and the build's FORM_ENDPOINT and SITE_URL.
 */
import { execFileSync } from "child_process";
import crypto from "crypto";
import fs from "fs";
import { createRequire } from "module";
import path from "path";
import {
  FORM_ENDPOINT_ENV,
  checkFormEndpoint,
  exampleEndpointWarning,
  resolveFormEndpoint,
  siteUrlFrom,
} from "./form-endpoint";
import { loadSchemas, readSourceFiles } from "./read-content";
import { checkFiles, formatContentErrors, type CheckResult } from "./validate";
import { IMAGE_PATH } from "./rules";

/** What sharp said of each image decoded so far, by the SHA-256 of its bytes: "" when it read it whole. */
const decoded = new Map<string, string>();

/**
 * Why sharp cannot decode `file` whole, as the build will; "" when it can. New files are decoded together in a child
 * process: sharp is asynchronous and the check is not.
 */
function undecodable(files: string[]): (file: string) => string {
  const hash = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  const hashes = new Map(files.map((file) => [file, hash(file)]));
  const unseen = files.filter((file) => !decoded.has(hashes.get(file)!));
  if (unseen.length > 0) {
    const sharp = createRequire(path.join(process.cwd(), "package.json")).resolve("sharp");
    const decode = `const sharp = require(${JSON.stringify(sharp)}); const out = [];
      (async () => { for (const f of JSON.parse(process.argv[1])) out.push(await sharp(f).raw().toBuffer().then(() => "", (e) => e.message));
      process.stdout.write(JSON.stringify(out)); })();`;
    const said = JSON.parse(
      execFileSync(process.execPath, ["-e", decode, JSON.stringify(unseen)], { encoding: "utf8" }),
    );
    unseen.forEach((file, i) => decoded.set(hashes.get(file)!, (said as string[])[i]));
  }
  return (file) => decoded.get(hashes.get(file) ?? "") ?? "";
}

/** The check of `contentDir`, its files and images named relative to `projectRoot` (data/firm.yaml). */
export function validateContentDirectory(contentDir: string, projectRoot = path.dirname(contentDir)): CheckResult {
  const full = (name: string) => path.join(contentDir, name);
  const images = fs
    .readdirSync(contentDir, { recursive: true })
    .map((name) => String(name).split(path.sep).join("/"))
    .filter((name) => IMAGE_PATH.test(name));
  let reasons: ((file: string) => string) | undefined;
  return checkFiles({
    schemas: loadSchemas(contentDir),
    files: readSourceFiles(contentDir),
    display: (name) => path.relative(projectRoot, full(name)).split(path.sep).join("/"),
    images,
    undecodable: (name) => {
      const reason = (reasons ??= undecodable(images.map(full)))(full(name));
      return reason ? `the build's image library: ${reason}` : null;
    },
    image: (name) =>
      fs.existsSync(full(name)) && fs.statSync(full(name)).isFile() ? fs.readFileSync(full(name)) : null,
  });
}

export interface ContentCheck {
  /** Everything wrong, in one message naming each file and field; null when nothing is. */
  failure: string | null;
  /** What builds but is not what the site needs (the shipped example form endpoint); null otherwise. */
  warning: string | null;
  content: CheckResult["content"];
}

export function checkContent(
  contentDir: string,
  { env = process.env, projectRoot }: { env?: Record<string, string | undefined>; projectRoot?: string } = {},
): ContentCheck {
  const { errors, content } = validateContentDirectory(contentDir, projectRoot);
  const contact = content.files.contact as { form?: { endpoint?: unknown } } | undefined;
  const endpoint = resolveFormEndpoint(contact?.form?.endpoint, env);
  const endpointError = env[FORM_ENDPOINT_ENV]?.trim() ? checkFormEndpoint(endpoint) : null;
  const problems = [errors.length > 0 ? formatContentErrors(errors) : null, endpointError, siteUrlFrom(env).problem];
  const failure = problems.filter(Boolean).join("\n\n") || null;
  const warning = failure ? null : exampleEndpointWarning(endpoint.value);
  return { failure, warning, content };
}
