/**
 * What an image must be for the build (sharp) to make its formats: a whole JPEG or PNG within the size and pixel
 * limits, at least the size its page shows it at. Read from its bytes, so Node, a Worker and a browser judge alike,
 * and decoded as far as the build's decoders read them (jpeg-data.ts, png-data.ts). The site makes its WebP and AVIF
 * from these; the editor turns any other picture into a JPEG before it uploads it.
 */
import { ascii, u16be, u32be } from "./bytes";
import { jpegDataProblem } from "./jpeg-data";
import { pngDataProblem } from "./png-data";

/** The largest image file an editor may add: a phone's photo fits; the build resizes it. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** The most pixels sharp reads (its `limitInputPixels`, 16383 × 16383): a larger image stops the build. */
const IMAGE_MAX_PIXELS = 0x3fff * 0x3fff;

type ImageFormat = "JPEG" | "PNG";

export type ImageInfo = { format: ImageFormat; width: number; height: number };

/** Where `pattern` (ASCII text, or bytes) first occurs in `b` at or after `from`; -1 where it does not. */
function find(b: Uint8Array, pattern: string | number[], from = 0): number {
  const p = typeof pattern === "string" ? [...pattern].map((c) => c.charCodeAt(0)) : pattern;
  for (let at = b.indexOf(p[0], from); at >= 0 && at + p.length <= b.length; at = b.indexOf(p[0], at + 1)) {
    if (p.every((byte, i) => b[at + i] === byte)) return at;
  }
  return -1;
}

/** A file whose header names a format but whose content the build cannot read as one. */
const damaged = (format: ImageFormat) =>
  `is a ${format} file that is cut short or damaged: save it again from the original and upload it again`;

function sized(format: ImageFormat, width: number, height: number): ImageInfo | string {
  const whole = (n: number) => Number.isSafeInteger(n) && n > 0;
  return whole(width) && whole(height) ? { format, width, height } : damaged(format);
}

/** A JPEG: its quantization tables and size (start of frame) before the scan's data, to the end-of-image marker. */
function jpeg(b: Uint8Array): ImageInfo | string {
  let size: [number, number] | null = null;
  let tables = false;
  for (let at = 2; at + 4 <= b.length;) {
    if (b[at] !== 0xff) return damaged("JPEG");
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = u16be(b, at + 2);
    // Start-of-frame markers (not DHT C4, JPG C8, DAC CC) carry the height and width.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker) && at + 9 <= b.length) {
      size = [u16be(b, at + 7), u16be(b, at + 5)];
    }
    tables ||= marker === 0xdb;
    if (marker === 0xda)
      return size && tables && find(b, [0xff, 0xd9], at + 2 + length) >= 0 ? sized("JPEG", ...size) : damaged("JPEG");
    at += 2 + length;
  }
  return damaged("JPEG");
}

/** A PNG: the header chunk (IHDR) first, its size there, then image data. */
function png(b: Uint8Array): ImageInfo | string {
  if (b.length < 33 || ascii(b, 12, 4) !== "IHDR" || find(b, "IDAT", 33) < 0) return damaged("PNG");
  return sized("PNG", u32be(b, 16), u32be(b, 20));
}

/** The image's format and size as the build reads them, or what keeps the build from reading it. */
function readImage(bytes: Uint8Array): ImageInfo | string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return png(bytes);
  return "is not a JPEG or PNG image: save it as one of those and upload it again";
}

/** The image's format and size, from its bytes; null when the build could not read it. */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  const read = readImage(bytes);
  return typeof read === "string" ? null : read;
}

/**
 * Why the build could not decode an image's data whole though its header reads, in its decoder's words; null for one
 * it decodes.
 */
export async function imageDataProblem(b: Uint8Array): Promise<string | null> {
  const read = readImage(b);
  if (typeof read === "string") return null;
  return read.format === "JPEG" ? jpegDataProblem(b) : pngDataProblem(b);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The size a field's image is shown at on the page (the schema's `imageSize`), in CSS pixels. */
export type ImageSize = { width: number; height: number };

/** What the check reads of an image: its format and size, or why the build cannot read it; and its length. */
export type ImageFacts = { read: ImageInfo | string; length: number };

export const imageFacts = (bytes: Uint8Array): ImageFacts => ({ read: readImage(bytes), length: bytes.length });

/** What is wrong with an image (its bytes, or its facts) for its field, each as the end of a sentence on the field. */
export function imageProblems(image: Uint8Array | ImageFacts, shownAt?: ImageSize): string[] {
  const { read: info, length } = "read" in image ? image : imageFacts(image);
  if (typeof info === "string") return [info];
  const problems: string[] = [];
  if (length > IMAGE_MAX_BYTES) {
    problems.push(`is ${megabytes(length)}, over the ${megabytes(IMAGE_MAX_BYTES)} limit: upload a smaller file`);
  }
  if (info.width * info.height > IMAGE_MAX_PIXELS) {
    problems.push(
      `is ${info.width} × ${info.height} pixels, more than the build can read (${IMAGE_MAX_PIXELS.toLocaleString("en-US")} pixels in all): upload a smaller image`,
    );
  }
  if (shownAt && (info.width < shownAt.width || info.height < shownAt.height)) {
    problems.push(
      `is ${info.width} × ${info.height} pixels, smaller than the ${shownAt.width} × ${shownAt.height} the page shows it at: upload a larger image`,
    );
  }
  return problems;
}
