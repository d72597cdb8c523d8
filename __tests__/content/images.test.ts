/**
 * Images an editor adds: the four formats the build turns into responsive images are told apart by their bytes, with
 * their size; an image that is another format, over the size limit, or smaller than its page shows it is refused by
 * the content check, naming the file and the field.
 * @jest-environment node
 */
import fs from "fs";
import path from "path";
import sharp from "sharp";
import { parseDocument } from "yaml";
import { imageInfo, imageProblems, IMAGE_MAX_BYTES } from "../../src/content/images";
import { loadSchemas } from "../../src/content/read-content";
import { resolveSchema } from "../../src/content/model";
import { validateContentDirectory } from "../../src/content/check";
import { DATA_DIR, copyRealData, lineOf } from "../helpers/content.cjs";

const image = (format: "jpeg" | "png" | "webp" | "avif", width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 140 } } })
    .toFormat(format)
    .toBuffer();

test.each([
  ["jpeg", "JPEG"],
  ["png", "PNG"],
  ["webp", "WebP"],
  ["avif", "AVIF"],
] as const)("a %s file is read as %s with its width and height", async (format, name) => {
  expect(imageInfo(await image(format, 321, 402))).toEqual({ format: name, width: 321, height: 402 });
});

test("a lossless WebP and a GIF: the first is an image the build takes, the second is not", async () => {
  const lossless = await sharp({ create: { width: 77, height: 55, channels: 4, background: "#fff" } })
    .webp({ lossless: true })
    .toBuffer();
  expect(imageInfo(lossless)).toEqual({ format: "WebP", width: 77, height: 55 });
  const gif = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#000" } })
    .gif()
    .toBuffer();
  expect(imageProblems(gif)).toEqual([expect.stringMatching(/^is not a JPEG, PNG, WebP or AVIF image/)]);
  expect(imageProblems(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toHaveLength(1);
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
        message: expect.stringMatching(/^is not a JPEG, PNG, WebP or AVIF image/),
      },
    ]);
  } finally {
    copy.cleanup();
  }
});
