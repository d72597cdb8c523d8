/**
 * Images an editor adds: the two formats the content model takes (the build makes WebP and AVIF from them) are told
 * apart by their bytes, with their size; an image that is another format (WebP and AVIF among them), over the size
 * limit, or smaller than its page shows it is refused by the content check, naming the file and the field.
 * @jest-environment node
 */
import fs from "fs";
import path from "path";
import sharp from "sharp";
import { parseDocument } from "yaml";
import zlib from "zlib";
import { imageInfo, imageProblems, IMAGE_MAX_BYTES } from "../../src/content/images";
import { loadSchemas } from "../../src/content/read-content";
import { resolveSchema } from "../../src/content/model";
import { validateContentDirectory } from "../../src/content/check";
import { DATA_DIR, copyRealData, lineOf } from "../helpers/content.cjs";

const image = (format: "jpeg" | "png" | "webp" | "avif" | "gif", width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 140 } } })
    .toFormat(format)
    .toBuffer();

test.each([
  ["jpeg", "JPEG"],
  ["png", "PNG"],
] as const)("a %s file is read as %s with its width and height", async (format, name) => {
  expect(imageInfo(await image(format, 321, 402))).toEqual({ format: name, width: 321, height: 402 });
});

test("a WebP, an AVIF, a GIF and an SVG are not images the content model takes, however whole", async () => {
  const others = await Promise.all((["webp", "avif", "gif"] as const).map((format) => image(format, 321, 402)));
  for (const bytes of [...others, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")]) {
    expect(imageProblems(bytes)).toEqual([expect.stringMatching(/^is not a JPEG or PNG image/)]);
  }
});

test("too small for where the page shows it, and over the size limit, each say so", async () => {
  const small = await image("jpeg", 200, 250);
  expect(imageProblems(small, { width: 320, height: 400 })).toEqual([
    "is 200 × 250 pixels, smaller than the 320 × 400 the page shows it at: upload a larger image",
  ]);
  expect(imageProblems(small, { width: 200, height: 250 })).toEqual([]);
  const big = Buffer.concat([await image("png", 400, 400), Buffer.alloc(IMAGE_MAX_BYTES)]);
  expect(imageProblems(big)).toEqual([expect.stringMatching(/^is 8\.0 MB, over the 8\.0 MB limit/)]);
});

/** A PNG whose header (IHDR, with its checksum) gives another size: sharp reads the header, not the pixels. */
function pngClaiming(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(zlib.crc32(copy.subarray(12, 29)), 29);
  return copy;
}

/** Whether the build can make its responsive images from the file: sharp reads it and writes a smaller one. */
const buildReads = (bytes: Buffer) =>
  sharp(bytes)
    .resize(100)
    .webp()
    .toBuffer()
    .then(
      () => true,
      () => false,
    );

describe("files that look like images but are not whole ones", () => {
  let cases: Record<string, Buffer>;
  beforeAll(async () => {
    const [jpeg, png] = await Promise.all((["jpeg", "png"] as const).map((format) => image(format, 321, 402)));
    const scan = jpeg.indexOf(Buffer.from([0xff, 0xda]));
    cases = {
      jpeg,
      png,
      "a PNG cut to 10 bytes": png.subarray(0, 10),
      "a JPEG that is only its header": jpeg.subarray(0, scan + 2 + jpeg.readUInt16BE(scan + 2)),
      "a JPEG cut in half": jpeg.subarray(0, jpeg.length / 2),
      "a PNG signature with an SVG body": Buffer.concat([
        png.subarray(0, 8),
        Buffer.from("<svg xmlns='x'/>".repeat(4)),
      ]),
      "a PNG that claims 4294967295 pixels a side": pngClaiming(png, 0xffffffff, 0xffffffff),
      "a PNG of 20000 × 20000": pngClaiming(png, 20000, 20000),
    };
  });

  test("the content check passes exactly the images the build can read", async () => {
    for (const [name, bytes] of Object.entries(cases)) {
      expect([name, imageProblems(bytes).length === 0]).toEqual([name, await buildReads(bytes)]);
    }
  });

  test("each says what is wrong with it", () => {
    const cut = (format: string) => new RegExp(`^is a ${format} file that is cut short or damaged`);
    expect(imageProblems(cases["a PNG cut to 10 bytes"])).toEqual([expect.stringMatching(cut("PNG"))]);
    expect(imageProblems(cases["a JPEG that is only its header"])).toEqual([expect.stringMatching(cut("JPEG"))]);
    expect(imageProblems(cases["a JPEG cut in half"])).toEqual([expect.stringMatching(cut("JPEG"))]);
    expect(imageProblems(cases["a PNG signature with an SVG body"])).toEqual([expect.stringMatching(cut("PNG"))]);
    expect(imageProblems(cases["a PNG of 20000 × 20000"])).toEqual([
      expect.stringMatching(/^is 20000 × 20000 pixels, more than the build can read \(268,402,689 pixels in all\)/),
    ]);
    expect(imageProblems(cases["a PNG that claims 4294967295 pixels a side"])).toEqual([
      expect.stringMatching(/^is 4294967295 × 4294967295 pixels, more than the build can read/),
    ]);
  });
});

test("the size each image field asks for is the size its page query renders it at", () => {
  const schemas = loadSchemas(DATA_DIR);
  const firm = schemas["firm.schema.json"].properties!;
  const at = (key: "founder" | "credential", field: string) =>
    resolveSchema(firm[key].properties![field], schemas, "firm.schema.json").schema.imageSize;
  const query = fs.readFileSync(path.join(DATA_DIR, "..", "src", "pages", "about.tsx"), "utf8");
  const portrait = /portrait \{\s*childImageSharp \{\s*gatsbyImageData\(width: (\d+), aspectRatio: ([\d.]+)/.exec(
    query,
  )!;
  const badge = /badge \{\s*childImageSharp \{\s*gatsbyImageData\(width: (\d+), layout: FIXED/.exec(query)!;
  expect(at("founder", "portrait")).toEqual({
    width: Number(portrait[1]),
    height: Math.round(Number(portrait[1]) / Number(portrait[2])),
  });
  expect(at("credential", "badge")).toEqual({ width: Number(badge[1]), height: Number(badge[1]) });
});

test("the content check refuses a portrait too small for the page and a badge that is no image, naming each", async () => {
  const copy = copyRealData();
  try {
    const firm = parseDocument(copy.read("data/firm.yaml"));
    firm.setIn(["founder", "portrait"], "./images/small-portrait.jpg");
    firm.setIn(["credential", "badge"], "./images/badge.png");
    copy.write("data/firm.yaml", firm.toString());
    fs.writeFileSync(copy.file("data/images/small-portrait.jpg"), await image("jpeg", 160, 200));
    fs.writeFileSync(copy.file("data/images/badge.png"), "not an image");

    const { errors } = validateContentDirectory(copy.dataDir, copy.root);
    expect(errors).toEqual([
      {
        file: "data/firm.yaml",
        path: "founder.portrait",
        line: copy.lineOf("data/firm.yaml", "small-portrait.jpg"),
        message: expect.stringMatching(/^is 160 × 200 pixels, smaller than the 320 × 400 the page shows it at/),
      },
      {
        file: "data/firm.yaml",
        path: "credential.badge",
        line: lineOf(copy.read("data/firm.yaml"), "badge.png"),
        message: expect.stringMatching(/^is not a JPEG or PNG image/),
      },
    ]);
  } finally {
    copy.cleanup();
  }
});

test("an image whose header reads well but whose data is damaged is refused, as the build's decode would fail", async () => {
  const copy = copyRealData();
  try {
    const firm = parseDocument(copy.read("data/firm.yaml"));
    // The badge's size as its page shows it (the schema's imageSize), so only the damage is wrong.
    const schemas = loadSchemas(DATA_DIR);
    const credential = resolveSchema(schemas["firm.schema.json"].properties!.credential, schemas, "firm.schema.json");
    const badge = resolveSchema(credential.schema.properties!.badge, schemas, credential.file).schema.imageSize!;
    // A PNG at the page's size with one byte of its compressed data flipped: its CRC no longer matches.
    const png = Buffer.from(await image("png", badge.width * 2, badge.height * 2));
    const idat = png.indexOf("IDAT");
    png[idat + 12] ^= 0xff;
    firm.setIn(["credential", "badge"], "./images/flipped.png");
    copy.write("data/firm.yaml", firm.toString());
    fs.writeFileSync(copy.file("data/images/flipped.png"), png);

    const { errors } = validateContentDirectory(copy.dataDir, copy.root);
    expect(errors).toEqual([
      {
        file: "data/firm.yaml",
        path: "credential.badge",
        line: lineOf(copy.read("data/firm.yaml"), "flipped.png"),
        message: expect.stringMatching(
          /^is damaged: it cannot be read whole \(the build's image library: .+\): open it/,
        ),
      },
    ]);
    await expect(sharp(png).raw().toBuffer()).rejects.toThrow();
  } finally {
    copy.cleanup();
  }
});
