/**
 * Whether the build's PNG decoder (spng in sharp) reads a PNG whole: its chunks as spng checks them (the critical ones'
 * checksums, the header's fields, the palette) and its image data inflated to exactly the rows its header declares,
 * each with a filter spng knows. Ancillary chunks with a bad checksum are dropped, as spng drops them.
 */
import { ascii, u32be as u32 } from "./bytes";

/** The bit depths each colour type allows, and its channels. */
const COLOURS: Record<number, { depths: number[]; channels: number }> = {
  0: { depths: [1, 2, 4, 8, 16], channels: 1 },
  2: { depths: [8, 16], channels: 3 },
  3: { depths: [1, 2, 4, 8], channels: 1 },
  4: { depths: [8, 16], channels: 2 },
  6: { depths: [8, 16], channels: 4 },
};
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
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Uint8Array) => {
  let c = 0xffffffff;
  for (const byte of b) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** Why spng, as the build runs it, does not decode `b` whole; null where it does. */
export async function pngDataProblem(b: Uint8Array): Promise<string | null> {
  const data: Uint8Array[] = [];
  let [started, palette] = [false, false];
  const wrong = (at: number) => crc32(b.subarray(at + 4, at + 8 + u32(b, at))) !== u32(b, at + 8 + u32(b, at));
  // spng reads image data until its rows are whole: what follows the last IDAT chunk, its checksum included, is
  // never read, and a chunk's checksum is checked as the next chunk is read.
  for (let at = 8, previous = -1; ;) {
    const type = ascii(b, at + 4, 4);
    if (started && type !== "IDAT") break;
    if (at + 8 > b.length) return "a chunk is cut short";
    const length = u32(b, at);
    if (type === "IDAT") {
      if (previous >= 0 && wrong(previous)) return "its IDAT chunk's checksum is wrong";
      [started, previous] = [true, at];
      data.push(b.subarray(at + 8, Math.min(at + 8 + length, b.length)));
      at += 12 + length;
      continue;
    }
    if (at + 12 + length > b.length) return "a chunk is cut short";
    if (!/^[A-Za-z]{4}$/.test(type)) return "a chunk has no valid name";
    const critical = type[0] < "a";
    if (critical && wrong(at)) return `its ${type} chunk's checksum is wrong`;
    if ((at === 8) !== (type === "IHDR")) return "its header chunk is not first";
    if (type === "PLTE") {
      if (length % 3 || length > 768 || !length || [0, 4].includes(b[25])) return "a bad palette";
      palette = true;
    } else if (type === "IEND") return "it has no image data";
    else if (critical && type !== "IHDR") return "an unknown critical chunk";
    at += 12 + length;
  }
  const [width, height, depth, colour, compression, filter, interlace] = [
    u32(b, 16),
    u32(b, 20),
    ...b.subarray(24, 29),
  ];
  const kind = COLOURS[colour];
  if (u32(b, 8) !== 13 || !kind?.depths.includes(depth) || compression || filter || interlace > 1) {
    return "its header is not a valid PNG header";
  }
  if (!width || !height || width > 0x7fffffff || height > 0x7fffffff) return "its header is not a valid PNG header";
  if (colour === 3 && !palette) return "it has no palette";
  // Each row: its filter byte, then its pixels; Adam7's passes one after another.
  const rowBytes = (w: number) => 1 + Math.ceil((w * depth * kind.channels) / 8);
  const rows: number[] = [];
  const passes = interlace ? ADAM7 : [[0, 0, 1, 1]];
  for (const [x, y, dx, dy] of passes) {
    const [w, h] = [Math.ceil((width - x) / dx), Math.ceil((height - y) / dy)];
    if (w > 0 && h > 0) rows.push(...Array<number>(h).fill(rowBytes(w)));
  }
  const inflated = new Blob(data as Uint8Array<ArrayBuffer>[]).stream().pipeThrough(new DecompressionStream("deflate"));
  let [row, at] = [0, 0];
  try {
    // Once the rows are whole spng stops: what the stream holds beyond them, its checksum included, is not read.
    for await (const chunk of inflated as unknown as AsyncIterable<Uint8Array>) {
      for (let i = 0; i < chunk.length && row < rows.length;) {
        if (at === 0 && chunk[i] > 4) return "a row has an unknown filter";
        const step = Math.min(rows[row] - at, chunk.length - i);
        [i, at] = [i + step, at + step];
        if (at === rows[row]) [row, at] = [row + 1, 0];
      }
      if (row === rows.length) return null;
    }
  } catch {
    // Damage past the rows is not read.
  }
  return row === rows.length ? null : "its image data is cut short or damaged";
}
