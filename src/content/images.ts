/**
 * What an image must be for the build (sharp) to make its formats: a whole JPEG, PNG, WebP or AVIF within the size and
 * pixel limits, at least the size its page shows it at. Read from its bytes, so Node and a browser judge alike.
 */

/** The largest image file an editor may add: a phone's photo fits; the build resizes it. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** The most pixels sharp reads (its `limitInputPixels`, 16383 × 16383): a larger image stops the build. */
const IMAGE_MAX_PIXELS = 0x3fff * 0x3fff;

type ImageFormat = "JPEG" | "PNG" | "WebP" | "AVIF";

export type ImageInfo = { format: ImageFormat; width: number; height: number };

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32le = (b: Uint8Array, at: number) => u24le(b, at) + b[at + 3] * 0x1000000;

/** Where `pattern` (ASCII text, or bytes) first occurs in `b` at or after `from`; -1 where it does not. */
function find(b: Uint8Array, pattern: string | number[], from = 0): number {
  const p = typeof pattern === "string" ? [...pattern].map((c) => c.charCodeAt(0)) : pattern;
  for (let at = from; at + p.length <= b.length; at += 1) {
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

/** A PNG: the header chunk (IHDR) first, its size there, then image data and the end chunk. */
function png(b: Uint8Array): ImageInfo | string {
  if (b.length < 33 || ascii(b, 12, 4) !== "IHDR" || find(b, "IDAT", 33) < 0 || find(b, "IEND", 33) < 0)
    return damaged("PNG");
  return sized("PNG", u32be(b, 16), u32be(b, 20));
}

/** A WebP: all of its RIFF container and of each chunk in it, and a lossy (VP8) or lossless (VP8L) image among them. */
function webp(b: Uint8Array): ImageInfo | string {
  if (b.length < 30 || b.length < u32le(b, 4) + 8) return damaged("WebP");
  let image = false;
  for (let at = 12; at < u32le(b, 4) + 8; at += 8 + u32le(b, at + 4) + (u32le(b, at + 4) & 1)) {
    if (at + 8 + u32le(b, at + 4) > b.length) return damaged("WebP");
    image ||= /^VP8[ L]$/.test(ascii(b, at, 4));
  }
  if (!image) return damaged("WebP");
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8X") return sized("WebP", u24le(b, 24) + 1, u24le(b, 27) + 1);
  if (chunk === "VP8L" && b[20] === 0x2f) {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return sized("WebP", (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8 " && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return sized("WebP", (b[26] | (b[27] << 8)) & 0x3fff, (b[28] | (b[29] << 8)) & 0x3fff);
  }
  return damaged("WebP");
}

/**
 * AVIF (HEIF): the first image spatial extent property box, `ispe`, holds the width and height; the media data box,
 * `mdat`, the image, whole (its size: 0 for "to the end", 1 for a 64-bit size after its type).
 */
function avif(b: Uint8Array): ImageInfo | string {
  const mdat = find(b, "mdat", 4);
  // The properties come before the image data, however long an ICC profile among them makes them.
  const ispe = find(mdat > 0 ? b.subarray(0, mdat) : b, "ispe", 4);
  if (ispe < 0 || ispe + 16 > b.length || mdat < 0) return damaged("AVIF");
  const size = u32be(b, mdat - 4);
  const large = size === 1 && mdat + 12 <= b.length ? u32be(b, mdat + 4) * 2 ** 32 + u32be(b, mdat + 8) : size;
  if (size !== 0 && mdat - 4 + large > b.length) return damaged("AVIF");
  return sized("AVIF", u32be(b, ispe + 8), u32be(b, ispe + 12));
}

/** The brands an ISO-BMFF file's `ftyp` box names: its major brand (mif1 for some AVIF), then the compatible ones. */
function brands(b: Uint8Array): string[] {
  const end = Math.min(u32be(b, 0), b.length, 64);
  return [ascii(b, 8, 4), ...Array.from({ length: Math.max(0, (end - 16) >> 2) }, (_, i) => ascii(b, 16 + 4 * i, 4))];
}

/** The image's format and size as the build reads them, or what keeps the build from reading it. */
function readImage(bytes: Uint8Array): ImageInfo | string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return png(bytes);
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return webp(bytes);
  if (ascii(bytes, 4, 4) === "ftyp" && brands(bytes).some((brand) => /^avi[fs]$/.test(brand))) return avif(bytes);
  return "is not a JPEG, PNG, WebP or AVIF image: save it in one of those formats and upload it again";
}

/** The image's format and size, from its bytes; null when the build could not read it. */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  const read = readImage(bytes);
  return typeof read === "string" ? null : read;
}

const PNG_DAMAGED = "its PNG data is cut short or damaged";
/** The channels of each PNG colour type. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's passes: where each starts, and its step, across and down. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/**
 * Why the build could not decode a PNG's data whole though its header reads (a chunk cut short, or image data that
 * does not inflate to the rows its header declares; the build's decoder, like this, ignores chunks' checksums); null
 * for a PNG that decodes, and for the other formats, whose readers above follow them to the markers their decoders
 * need (an AVIF's AV1 data only the build's decoder judges).
 */
export async function imageDataProblem(b: Uint8Array): Promise<string | null> {
  if (typeof readImage(b) === "string" || ascii(b, 0, 8) !== "\x89PNG\r\n\x1a\n") return null;
  const data: Uint8Array[] = [];
  for (let at = 8; ascii(b, at + 4, 4) !== "IEND"; at += 12 + u32be(b, at)) {
    const end = at + 8 + u32be(b, at);
    if (end + 4 > b.length) return PNG_DAMAGED;
    if (ascii(b, at + 4, 4) === "IDAT") data.push(b.subarray(at + 8, end));
  }
  const [width, height, depth, colour, interlaced] = [u32be(b, 16), u32be(b, 20), b[24], b[25], b[28]];
  const bits = depth * (PNG_CHANNELS[colour] ?? NaN);
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bits) / 8)) : 0);
  const expected = interlaced
    ? ADAM7.reduce((sum, [x, y, dx, dy]) => sum + rows(Math.ceil((width - x) / dx), Math.ceil((height - y) / dy)), 0)
    : rows(width, height);
  const inflated = new Blob(data as Uint8Array<ArrayBuffer>[]).stream().pipeThrough(new DecompressionStream("deflate"));
  let size = 0;
  try {
    for await (const chunk of inflated as unknown as AsyncIterable<Uint8Array>) size += chunk.length;
  } catch {
    return PNG_DAMAGED;
  }
  return size === expected ? null : PNG_DAMAGED;
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
