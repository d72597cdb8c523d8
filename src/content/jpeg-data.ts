/**
 * Whether the build's JPEG decoder (libjpeg-turbo in sharp, which turns its every warning into an error) reads a JPEG
 * whole: its markers and tables as libjpeg parses them, and each scan's entropy-coded data walked to its last block as
 * libjpeg walks it, bit for bit, with no pixels made. Baseline, extended and progressive Huffman JPEGs, the kinds
 * cameras, phones and editors write; an arithmetic-coded or lossless one is refused.
 */
import { u16be } from "./bytes";
import { Damage, fail, scan, type Frame, type Scanned, type Table } from "./jpeg-scan";

/** A Huffman table as libjpeg derives it (jpeg_make_d_derived_tbl), or null where libjpeg refuses it. */
function derived(counts: number[], values: number[], dc: boolean): Table | null {
  const sizes: number[] = [];
  counts.forEach((n, i) => sizes.push(...Array<number>(n).fill(i + 1)));
  if (sizes.length > 256 || (dc && values.some((v) => v > 15))) return null;
  const codes: number[] = [];
  let code = 0;
  for (let p = 0, si = sizes[0]; p < sizes.length; si++, code <<= 1) {
    while (sizes[p] === si) codes[p++] = code++;
    if (code >= 2 ** si) return null;
  }
  const maxcode: number[] = [];
  const valoffset: number[] = [];
  for (let l = 1, p = 0; l <= 16; l++) {
    if (counts[l - 1] === 0) maxcode[l] = -1;
    else {
      valoffset[l] = p - codes[p];
      p += counts[l - 1];
      maxcode[l] = codes[p - 1];
    }
  }
  maxcode[17] = 0xfffff;
  const lookup = new Int32Array(256);
  for (let p = 0; p < sizes.length && sizes[p] <= 8; p++) {
    const from = codes[p] << (8 - sizes[p]);
    lookup.fill((sizes[p] << 8) | values[p], from, from + (1 << (8 - sizes[p])));
  }
  return { maxcode, valoffset, values, lookup };
}

/** Why libjpeg, as the build runs it, does not decode `b` whole, in its words; null where it does. */
export function jpegDataProblem(b: Uint8Array): string | null {
  try {
    walk(b);
    return null;
  } catch (error) {
    if (error instanceof Damage) return error.message;
    throw error;
  }
}

function walk(b: Uint8Array): void {
  const u16 = (at: number) => (at + 2 <= b.length ? u16be(b, at) : fail("premature end of JPEG file"));
  if (b[0] !== 0xff || b[1] !== 0xd8) fail("not a JPEG file");
  let at = 2;
  /** libjpeg's next_marker: any byte before the marker but its 0xFF fill is extraneous data. */
  const nextMarker = () => {
    let discarded = 0;
    for (;;) {
      for (; at < b.length && b[at] !== 0xff; at++) discarded++;
      while (at < b.length && b[at] === 0xff) at++;
      if (at >= b.length) fail("premature end of JPEG file");
      const marker = b[at++];
      if (marker !== 0) return discarded > 0 ? fail("extraneous bytes before a marker") : marker;
      discarded += 2;
    }
  };
  const dcTables: (Table | null | undefined)[] = [];
  const acTables: (Table | null | undefined)[] = [];
  const quant = new Set<number>();
  let frame: Frame | null = null;
  let interval = 0;
  let scans = 0;
  for (;;) {
    const marker = nextMarker();
    if (marker === 0xd9) return scans ? undefined : fail("no image in the file");
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (marker === 0xd8) fail("a second start of image");
    const length = u16(at);
    const end = at + length;
    if (length < 2) fail("a marker segment of a bad length");
    if (end > b.length) fail("premature end of JPEG file");
    const segment = b.subarray(at + 2, end);
    at = end;
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      if (frame) fail("a second frame header");
      const count = segment[5];
      if (segment[0] !== 8) fail("a sample precision other than 8 bits");
      if (segment.length !== 6 + 3 * count) fail("a frame header of a bad length");
      const [height, width] = [u16be(segment, 1), u16be(segment, 3)];
      if (!width || !height || !count || count > 10) fail("an empty image or too many components");
      const parts = Array.from({ length: count }, (_, i) => segment.subarray(6 + 3 * i, 9 + 3 * i));
      const [hmax, vmax] = [Math.max(...parts.map((p) => p[1] >> 4)), Math.max(...parts.map((p) => p[1] & 15))];
      const components = parts.map(([id, hv, tq]) => {
        const [h, v] = [hv >> 4, hv & 15];
        if (h < 1 || h > 4 || v < 1 || v > 4 || hmax % h || vmax % v) fail("bad sampling factors");
        const [w, ht] = [Math.ceil((width * h) / hmax), Math.ceil((height * v) / vmax)];
        return { id, h, v, tq, width: w, height: ht, coefBits: Array<number>(64).fill(-1) };
      });
      frame = { width, height, hmax, vmax, progressive: marker === 0xc2, components };
    } else if (marker === 0xc4) {
      for (let p = 0; p < segment.length;) {
        const index = segment[p];
        const counts = [...segment.subarray(p + 1, p + 17)];
        const total = counts.reduce((sum, n) => sum + n, 0);
        if (counts.length < 16 || total > 256 || p + 17 + total > segment.length) fail("a bad Huffman table");
        if ((index & 0xef) > 3) fail("a bad Huffman table index");
        const values = [...segment.subarray(p + 17, p + 17 + total)];
        (index & 0x10 ? acTables : dcTables)[index & 3] = derived(counts, values, !(index & 0x10));
        p += 17 + total;
      }
    } else if (marker === 0xdb) {
      // Each table is 64 values of 8 bits, or of 16 where its precision says so; the segment holds whole tables.
      let p = 0;
      while (p < segment.length) {
        if ((segment[p] & 15) > 3) fail("a bad quantization table index");
        quant.add(segment[p] & 15);
        p += 1 + (segment[p] >> 4 ? 128 : 64);
      }
      if (p !== segment.length) fail("a quantization table segment of a bad length");
    } else if (marker === 0xdd) {
      if (segment.length !== 2) fail("a restart interval of a bad length");
      interval = u16be(segment, 0);
    } else if (marker === 0xda) {
      if (!frame) fail("a scan before the frame header");
      const count = segment[0];
      if (segment.length !== 4 + 2 * count || count < 1 || count > 4) fail("a scan header of a bad length");
      const inScan: Scanned[] = [];
      for (let i = 0; i < count; i++) {
        const found = frame.components.find((c) => c.id === segment[1 + 2 * i]);
        if (!found || inScan.some((s) => s.c === found)) fail("a bad component id");
        if (!quant.has(found!.tq)) fail("a missing quantization table");
        inScan.push({ c: found!, dc: segment[2 + 2 * i] >> 4, ac: segment[2 + 2 * i] & 15 });
      }
      const p = segment.subarray(1 + 2 * count);
      const params = { ss: p[0], se: p[1], ah: p[2] >> 4, al: p[2] & 15, interval };
      // One scan of every component of a sequential JPEG is all libjpeg reads: what follows it is never looked at.
      const only = !frame.progressive && !scans && inScan.length === frame.components.length;
      at = scan(b, at, frame, inScan, { ...params, only }, { dc: dcTables, ac: acTables });
      if (only) return;
      scans++;
    } else if (marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xcc) {
      fail("a kind of JPEG this site does not take (arithmetic-coded or lossless)");
    } else if (!((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe || marker === 0xdc || marker === 0xcc)) {
      fail("an unknown marker");
    }
  }
}
