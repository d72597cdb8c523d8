/**
 * One verdict on an image, the build's: a differential corpus of the images in data/images/ (and the same pictures
 * saved the other ways editors' tools save them: a baseline and a 4:4:4 JPEG, an interlaced and a palette PNG), each
 * cut at ten points, with bytes flipped in its headers and its data, with damaged Huffman and quantization tables and
 * with a wrong declared size. sharp's full decode, as the build runs it, and the content API's reading (no sharp, as
 * a Worker runs it) agree on every case; and the content check refuses at its field whatever sharp cannot decode.
 * @jest-environment node
 */
import fs from "fs";
import path from "path";
import sharp from "sharp";
import zlib from "zlib";
import { parseDocument } from "yaml";
import { validateContentDirectory } from "../../src/content/check";
import { imageDataProblem, imageInfo, imageProblems } from "../../src/content/images";
import { DATA_DIR, copyRealData } from "../helpers/content.cjs";
import { decodesWhole } from "../helpers/sharp-decode";

type Case = { name: string; ext: string; bytes: Buffer };

/** Where a JPEG's segments start, by marker, before its first scan's data. */
function segments(b: Buffer): { marker: number; at: number; length: number }[] {
  const found = [];
  for (let at = 2; at + 4 <= b.length && b[at] === 0xff; at += 2 + b.readUInt16BE(at + 2)) {
    found.push({ marker: b[at + 1], at, length: b.readUInt16BE(at + 2) });
    if (b[at + 1] === 0xda) break;
  }
  return found;
}

/** `bytes` with `change` made to a copy. */
const changed = (bytes: Buffer, change: (copy: Buffer) => void) => {
  const copy = Buffer.from(bytes);
  change(copy);
  return copy;
};
const flip = (at: number) => (copy: Buffer) => void (copy[at] ^= 0x5a);

function damaged(source: string, ext: string, whole: Buffer): Case[] {
  const cases: Case[] = [];
  const add = (what: string, bytes: Buffer) => cases.push({ name: `${source} ${what}`, ext, bytes });
  for (let i = 1; i <= 10; i++) add(`cut at ${i}/10.5`, whole.subarray(0, Math.floor((whole.length * i) / 10.5)));
  const jpeg = ext === "jpg";
  const scan = jpeg ? segments(whole).at(-1)! : { at: whole.indexOf("IDAT") - 4 };
  const header = jpeg ? scan.at + 2 + whole.readUInt16BE(scan.at + 2) : scan.at;
  for (let i = 0; i < 8; i++)
    add(
      `header byte ${2 + Math.floor(((header - 2) * i) / 8)} flipped`,
      changed(whole, flip(2 + Math.floor(((header - 2) * i) / 8))),
    );
  for (let i = 0; i < 10; i++) {
    const at = header + Math.floor(((whole.length - header) * (i + 0.5)) / 10);
    add(`data byte ${at} flipped`, changed(whole, flip(at)));
  }
  if (jpeg) {
    for (const { at, length } of segments(whole)
      .filter((s) => s.marker === 0xc4)
      .slice(0, 2)) {
      add(
        `Huffman table at ${at}: a code count raised`,
        changed(whole, (c) => void (c[at + 5 + 8] += 1)),
      );
      add(`Huffman table at ${at}: a symbol changed`, changed(whole, flip(at + 2 + length - 1)));
      add(
        `Huffman table at ${at}: its class and index`,
        changed(whole, (c) => void (c[at + 4] = 0x27)),
      );
    }
    for (const { at } of segments(whole)
      .filter((s) => s.marker === 0xdb)
      .slice(0, 2)) {
      add(
        `quantization table at ${at}: 16-bit precision`,
        changed(whole, (c) => void (c[at + 4] |= 0x10)),
      );
      add(
        `quantization table at ${at}: a value zeroed`,
        changed(whole, (c) => void (c[at + 5] = 0)),
      );
      add(
        `quantization table at ${at}: index 5`,
        changed(whole, (c) => void (c[at + 4] = 5)),
      );
    }
    const sof = segments(whole).find((s) => [0xc0, 0xc1, 0xc2].includes(s.marker))!;
    const height = whole.readUInt16BE(sof.at + 5);
    for (const [what, value] of [
      ["taller", height + 16],
      ["shorter", height - 16],
      ["zero", 0],
    ] as const) {
      add(
        `declared ${what}`,
        changed(whole, (c) => c.writeUInt16BE(value, sof.at + 5)),
      );
    }
  } else {
    const ihdr = (width: number, height: number, crc: boolean) => (c: Buffer) => {
      c.writeUInt32BE(width, 16);
      c.writeUInt32BE(height, 20);
      if (crc) c.writeUInt32BE(zlib.crc32(c.subarray(12, 29)), 29);
    };
    const [width, height] = [whole.readUInt32BE(16), whole.readUInt32BE(20)];
    add("declared taller", changed(whole, ihdr(width, height + 1, true)));
    add("declared narrower", changed(whole, ihdr(width - 1, height, true)));
    add("declared taller, its checksum not", changed(whole, ihdr(width, height + 1, false)));
    add(
      "an IDAT checksum wrong",
      changed(whole, flip(whole.indexOf("IDAT") + 4 + whole.readUInt32BE(whole.indexOf("IDAT") - 4))),
    );
  }
  return cases;
}

async function corpus(): Promise<Case[]> {
  const dir = path.join(DATA_DIR, "images");
  const cases: Case[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => /\.(jpe?g|png)$/.test(f))) {
    const bytes = fs.readFileSync(path.join(dir, file));
    const picture = sharp(bytes).flatten({ background: "#fff" });
    const variants: [string, string, Buffer][] = [[file, imageInfo(bytes)!.format === "JPEG" ? "jpg" : "png", bytes]];
    variants.push([`${file} as a baseline JPEG`, "jpg", await picture.clone().jpeg({ progressive: false }).toBuffer()]);
    variants.push([
      `${file} as a 4:4:4 JPEG`,
      "jpg",
      await picture.clone().jpeg({ chromaSubsampling: "4:4:4" }).toBuffer(),
    ]);
    variants.push([`${file} as an interlaced PNG`, "png", await picture.clone().png({ progressive: true }).toBuffer()]);
    variants.push([`${file} as a palette PNG`, "png", await picture.clone().png({ palette: true }).toBuffer()]);
    for (const [source, ext, whole] of variants) cases.push(...damaged(source, ext, whole));
  }
  return cases;
}

let cases: Case[];
beforeAll(async () => {
  cases = await corpus();
});

test("sharp's verdict and the content API's agree on every image of the corpus", async () => {
  const differ: string[] = [];
  let refused = 0;
  for (const { name, bytes } of cases) {
    const decodes = await decodesWhole(bytes);
    const takes = imageProblems(bytes).length === 0 && (await imageDataProblem(bytes)) === null;
    if (!decodes) refused += 1;
    if (takes !== decodes)
      differ.push(`${name}: sharp ${decodes ? "decodes" : "refuses"} it, the API ${takes ? "takes" : "refuses"} it`);
  }
  expect(differ).toEqual([]);
  // The corpus is damaged enough to test something, and holds cases of both verdicts.
  expect(refused).toBeGreaterThan(cases.length / 2);
  expect(refused).toBeLessThan(cases.length);
}, 120_000);

test("the content check refuses, at its field, each cut image of data/images/ sharp cannot decode; none crashes it", async () => {
  const copy = copyRealData();
  try {
    // The images as they are in data/ (the other savings are the same check's input, judged above).
    const cut = cases.filter((c) => / cut at /.test(c.name) && !c.name.includes(" as "));
    cut.forEach(({ ext, bytes }, i) => fs.writeFileSync(copy.file(`data/images/damaged-${i}.${ext}`), bytes));
    for (const [i, { name, ext, bytes }] of cut.entries()) {
      const firm = parseDocument(copy.read("data/firm.yaml"));
      firm.setIn(["founder", "portrait"], `./images/damaged-${i}.${ext}`);
      copy.write("data/firm.yaml", firm.toString());
      if (await decodesWhole(bytes)) continue;
      const errors = validateContentDirectory(copy.dataDir, copy.root).errors;
      expect([name, errors.some((e) => e.path === "founder.portrait")]).toEqual([name, true]);
    }
  } finally {
    copy.cleanup();
  }
}, 120_000);
