/**
 * The site's content check, run by the editor's server on the tree a commit leaves, with the validators compiled at
 * build: every YAML file, and every image the content references or the commit adds, by its bytes. Blobs never
 * change, so what was read of one is kept by its sha, and each file's reading by its text: a warm Worker reads and
 * parses only what the commit brings.
 */
import { CONTENT_FOLDER, IMAGES_DIRECTORY, SERVICE_FILE } from "../../../src/content/model";
import { decodeText, fromBase64 } from "../../../src/content/bytes";
import { imageDataProblem, imageFacts, imageProblems, type ImageFacts } from "../../../src/content/images";
import { IMAGE_PATH } from "../../../src/content/rules";
import { checkFiles, damagedImage, problemLine, type CheckInput } from "../../../src/content/validate";
import { Refusal, type Change, type Listing } from "./store";
import { schemas, validators } from "../../../src/content/schemas.generated";

type Judged = ImageFacts & { damage: string | null };

const TOP = `${CONTENT_FOLDER}/`;
const texts = new Map<string, string>();
const images = new Map<string, Judged>();
const memo: NonNullable<CheckInput["memo"]> = new Map();
const kept = <T>(cache: Map<string, T>, sha: string, value: T) => {
  if (cache.size > 500) cache.clear();
  cache.set(sha, value);
  return value;
};
const judge = async (bytes: Uint8Array): Promise<Judged> => ({
  ...imageFacts(bytes),
  damage: await imageDataProblem(bytes),
});

/**
 * Refuses, in the check's words, a commit of `changes` onto `listing` that the site's check would refuse; `blob` reads
 * a file of the listing by its sha.
 */
export async function checkContentWrite(
  blob: (sha: string) => Promise<Uint8Array>,
  listing: Listing,
  changes: Change[],
): Promise<void> {
  const files = new Map<string, string | Uint8Array>();
  for (const [path, { sha }] of listing) if (path.startsWith(TOP)) files.set(path.slice(TOP.length), sha);
  for (const { path, content } of changes) {
    if (content === null) files.delete(path.slice(TOP.length));
    else files.set(path.slice(TOP.length), fromBase64(content)!);
  }
  const yaml = [...files].filter(([name]) => /^[^/]+\.ya?ml$/.test(name) || SERVICE_FILE.test(name));
  const sources = await Promise.all(
    yaml.map(async ([name, file]) => ({
      name,
      text:
        typeof file !== "string"
          ? decodeText(file)
          : (texts.get(file) ?? kept(texts, file, decodeText(await blob(file)))),
    })),
  );
  const added = new Map<string, Judged>();
  // Every file added to the images' folder is an image the build takes, whatever its name.
  const image = (name: string) => IMAGE_PATH.test(name) || name.startsWith(`${IMAGES_DIRECTORY}/`);
  for (const [name, file] of files) if (file instanceof Uint8Array && image(name)) added.set(name, await judge(file));
  const judged = (name: string) => {
    const file = files.get(name);
    return typeof file === "string" ? images.get(file) : added.get(name);
  };
  if (memo.size > 200) memo.clear();
  const check = (wanted: Set<string>) =>
    checkFiles({
      memo,
      schemas,
      validators,
      files: sources.sort((a, b) => a.name.localeCompare(b.name)),
      display: (name) => `${TOP}${name}`,
      images: [...files.keys()].filter((name) => IMAGE_PATH.test(name)),
      image: (name) => {
        const file = files.get(name);
        if (typeof file !== "string") return file ?? null;
        if (!images.has(file)) wanted.add(file);
        return images.get(file);
      },
      undecodable: (name) => judged(name)?.damage ?? null,
    }).errors;
  const wanted = new Set<string>();
  let errors = check(wanted);
  if (wanted.size > 0) {
    await Promise.all([...wanted].map(async (sha) => kept(images, sha, await judge(await blob(sha)))));
    errors = check(new Set());
  }
  const problems = [
    ...[...added].flatMap(([name, image]) =>
      [...imageProblems(image), ...(image.damage ? [damagedImage(image.damage)] : [])].map((m) => `${TOP}${name} ${m}`),
    ),
    ...errors.map((error) => `${error.file} ${problemLine(error)}`),
  ];
  const reasons = [...new Set(problems)].join("; ");
  if (reasons)
    throw new Refusal(422, `Not saved: the site's content check refuses it, so nothing was changed. ${reasons}`);
}
