/**
 * A corpus of damaged images — each of the four formats cut short at several points and with a byte flipped at
 * several places (and a PNG with a bad checksum) — against sharp's own full decode, which the build's image pipeline
 * runs: whatever sharp cannot decode whole, the content check refuses, naming the field; it never crashes on one.
 * @jest-environment node
 */
import fs from "fs";
import sharp from "sharp";
import { parseDocument } from "yaml";
import { loadSchemas } from "../../src/content/read-content";
import { resolveSchema } from "../../src/content/model";
import { validateContentDirectory } from "../../src/content/check";
import { imageDataProblem, imageProblems } from "../../src/content/images";
import { DATA_DIR, copyRealData, type ContentCopy } from "../helpers/content.cjs";

const schemas = loadSchemas(DATA_DIR);
const portrait = resolveSchema(
  schemas["firm.schema.json"].properties!.founder.properties!.portrait,
  schemas,
  "firm.schema.json",
).schema.imageSize!;

async function corpus(): Promise<[string, string, Buffer][]> {
  const out: [string, string, Buffer][] = [];
  for (const format of ["jpeg", "png", "webp", "avif"] as const) {
    // Noise, so that every part of the file carries picture data.
    const { width, height } = portrait;
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
    const whole = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .toFormat(format)
      .toBuffer();
    const ext = format === "jpeg" ? "jpg" : format;
    for (const share of [0.5, 0.9, 0.99])
      out.push([`${format} cut at ${share}`, ext, whole.subarray(0, whole.length * share)]);
    for (const share of [0.3, 0.6, 0.9]) {
      const flipped = Buffer.from(whole);
      flipped[Math.floor(whole.length * share)] ^= 0xff;
      out.push([`${format} with a byte flipped at ${share}`, ext, flipped]);
    }
    if (format === "png") {
      const crc = Buffer.from(whole);
      const idat = crc.indexOf("IDAT");
      crc[idat + 4 + crc.readUInt32BE(idat - 4)] ^= 0xff;
      out.push(["png with a bad IDAT checksum", ext, crc]);
    }
  }
  return out;
}

const decodesWhole = (bytes: Buffer) =>
  sharp(bytes)
    .raw()
    .toBuffer()
    .then(
      () => true,
      () => false,
    );

let copy: ContentCopy;
beforeAll(() => {
  copy = copyRealData();
});
afterAll(() => copy.cleanup());

test("every image sharp cannot decode whole is refused at its field; none crashes the check", async () => {
  const cases = await corpus();
  let undecodable = 0;
  for (const [name, ext, bytes] of cases) {
    const file = `damaged-${cases.findIndex(([n]) => n === name)}.${ext}`;
    fs.writeFileSync(copy.file(`data/images/${file}`), bytes);
    const firm = parseDocument(copy.read("data/firm.yaml"));
    firm.setIn(["founder", "portrait"], `./images/${file}`);
    copy.write("data/firm.yaml", firm.toString());
    const decodes = await decodesWhole(bytes);
    const refused = validateContentDirectory(copy.dataDir, copy.root).errors.some((e) => e.path === "founder.portrait");
    if (!decodes) {
      undecodable += 1;
      expect([name, refused]).toEqual([name, true]);
    }
  }
  // The corpus is damaged enough to test something: most of it sharp cannot read.
  expect(undecodable).toBeGreaterThan(cases.length / 2);
}, 60_000);

test("the content API's reading, without sharp, on the same bytes: the build's verdict but on AV1 data", async () => {
  const differ: string[] = [];
  for (const [name, , bytes] of await corpus()) {
    const decodes = await decodesWhole(bytes);
    const takes = imageProblems(bytes).length === 0 && (await imageDataProblem(bytes)) === null;
    if (takes !== decodes)
      differ.push(`${name}: sharp ${decodes ? "decodes" : "refuses"}, the API ${takes ? "takes" : "refuses"}`);
  }
  // An AVIF's picture is AV1 data, which only a decoder judges: such a file passes the content API, and the build
  // refuses it, naming the field.
  expect(differ).toEqual(
    [0.3, 0.6, 0.9].map((at) => `avif with a byte flipped at ${at}: sharp refuses, the API takes`),
  );
}, 60_000);
