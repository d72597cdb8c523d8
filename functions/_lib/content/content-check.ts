/**
 * The site's content check, run by the content API before a write on the branch as the write leaves it, with the
 * validators compiled at build; images by their bytes, each the write adds and each a file shows at its size.
 */
import { CONTENT_FOLDER, SERVICE_FILE } from "../../../src/content/model";
import { imageProblems } from "../../../src/content/images";
import { IMAGE_PATH } from "../../../src/content/rules";
import { checkFiles, problemLine } from "../../../src/content/validate";
import { GitHubError, type GitHub } from "./github";
import { schemas, validators } from "../../../src/content/schemas.generated";

/** A file a write changes: its new bytes in base64, or null when it deletes it. */
export type Change = { path: string; content: string | null };

const bytesOf = (base64: string) => Uint8Array.from(atob(base64.replace(/\s/g, "")), (c) => c.charCodeAt(0));
const TOP = `${CONTENT_FOLDER}/`;
/** The YAML files read so far, by blob sha: a blob never changes, so a warm Worker reads only what a save changed. */
const readTexts = new Map<string, string>();

/** Refuses, in the check's words, a write of `changes` onto the tree `treeSha` that the site's check would refuse. */
export async function checkContentWrite(gh: GitHub, treeSha: string, changes: Change[]): Promise<void> {
  type Tree = { tree: { path: string; type: string; sha: string }[] };
  const { tree } = await gh<Tree>("GET", `/git/trees/${treeSha}?recursive=1`);
  const files = new Map<string, string | Uint8Array>();
  for (const item of tree)
    if (item.type === "blob" && item.path.startsWith(TOP)) files.set(item.path.slice(5), item.sha);
  for (const { path, content } of changes) {
    if (content === null) files.delete(path.slice(TOP.length));
    else files.set(path.slice(TOP.length), bytesOf(content));
  }
  const text = async (file: string | Uint8Array) => {
    if (typeof file !== "string") return new TextDecoder().decode(file);
    if (!readTexts.has(file)) {
      const { content } = await gh<{ content: string }>("GET", `/git/blobs/${file}`);
      if (readTexts.size > 500) readTexts.clear();
      readTexts.set(file, new TextDecoder().decode(bytesOf(content)));
    }
    return readTexts.get(file)!;
  };
  const yaml = [...files].filter(([name]) => /^[^/]+\.ya?ml$/.test(name) || SERVICE_FILE.test(name));
  const sources = await Promise.all(yaml.map(async ([name, file]) => ({ name, text: await text(file) })));
  const added = [...files].filter(([name, file]) => file instanceof Uint8Array && IMAGE_PATH.test(name));
  const { errors } = checkFiles({
    schemas,
    validators: (name) => validators[name],
    files: sources.sort((a, b) => a.name.localeCompare(b.name)),
    display: (name) => `${TOP}${name}`,
    images: [...files.keys()].filter((name) => IMAGE_PATH.test(name)),
    image: (name) => {
      const file = files.get(name);
      return file === undefined ? null : typeof file === "string" ? undefined : file;
    },
  });
  const problems = [
    ...added.flatMap(([name, bytes]) => imageProblems(bytes as Uint8Array).map((m) => `${TOP}${name} ${m}`)),
    ...errors.map((error) => `${error.file} ${problemLine(error)}`),
  ];
  if (problems.length > 0) {
    throw new GitHubError(
      422,
      `Not saved: the site's content check refuses it, so nothing was changed. ${[...new Set(problems)].join("; ")}`,
    );
  }
}
