/**
 * What an image in data/images must be for the build to make the page's responsive formats from it: a JPEG, PNG, WebP
 * or AVIF file, no larger than IMAGE_MAX_BYTES, and at least the size the page shows it at (the schema's `imageSize`).
 * Read from the file's own bytes, never its name, so the content check (Node) and the editor's pre-save check (a
 * browser) judge an upload the same way.
 */

/** The largest image file an editor may add: a phone's photo fits; the build resizes it. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

type ImageFormat = "JPEG" | "PNG" | "WebP" | "AVIF";

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);

function jpegSize(b: Uint8Array): [number, number] | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    // Start-of-frame markers (not DHT C4, JPG C8, DAC CC) carry the height and width.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return [u16be(b, at + 7), u16be(b, at + 5)];
    }
    at += 2 + u16be(b, at + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): [number, number] | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8X") return [u24le(b, 24) + 1, u24le(b, 27) + 1];
  if (chunk === "VP8L") {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  if (chunk === "VP8 ") return [(b[26] | (b[27] << 8)) & 0x3fff, (b[28] | (b[29] << 8)) & 0x3fff];
  return null;
}

/** AVIF (HEIF): the first image spatial extent property box, `ispe`, holds the width and height. */
function avifSize(b: Uint8Array): [number, number] | null {
  for (let at = 4; at + 16 <= b.length && at < 4096; at += 1) {
    if (b[at] === 0x69 && ascii(b, at, 4) === "ispe") return [u32be(b, at + 8), u32be(b, at + 12)];
  }
  return null;
}

/** The image's format and size, from its first bytes; null when it is none of the four formats. */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  let format: ImageFormat | null = null;
  let size: [number, number] | null = null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) [format, size] = ["JPEG", jpegSize(bytes)];
  else if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") [format, size] = ["PNG", [u32be(bytes, 16), u32be(bytes, 20)]];
  else if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") [format, size] = ["WebP", webpSize(bytes)];
  else if (ascii(bytes, 4, 4) === "ftyp" && /^avi[fs]$/.test(ascii(bytes, 8, 4))) {
    [format, size] = ["AVIF", avifSize(bytes)];
  }
  if (!format || !size || size[0] <= 0 || size[1] <= 0) return null;
  return { format, width: size[0], height: size[1] };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The size a field's image is shown at on the page (the schema's `imageSize`), in CSS pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** What is wrong with an image for its field, each as the end of a sentence that starts with the field. */
export function imageProblems(bytes: Uint8Array, shownAt?: ImageSize): string[] {
  const info = imageInfo(bytes);
  if (!info) return ["is not a JPEG, PNG, WebP or AVIF image: save it in one of those formats and upload it again"];
  const problems: string[] = [];
  if (bytes.length > IMAGE_MAX_BYTES) {
    problems.push(`is ${megabytes(bytes.length)}, over the ${megabytes(IMAGE_MAX_BYTES)} limit: upload a smaller file`);
  }
  if (shownAt && (info.width < shownAt.width || info.height < shownAt.height)) {
    problems.push(
      `is ${info.width} × ${info.height} pixels, smaller than the ${shownAt.width} × ${shownAt.height} the page shows it at: upload a larger image`,
    );
  }
  return problems;
}
