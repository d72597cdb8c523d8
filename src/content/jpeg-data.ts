/**
 * Whether the build's JPEG decoder (libjpeg-turbo in sharp, which turns its every warning into an error) reads a JPEG
 * whole: its markers and tables as libjpeg parses them, and each scan's entropy-coded data walked to its last block as
 * libjpeg walks it, bit for bit, with no pixels made. Baseline, extended and progressive Huffman JPEGs, the kinds
 * cameras, phones and editors write; an arithmetic-coded or lossless one is refused.
 */
import { u16be } from "./bytes";

/** A Huffman table as libjpeg derives it, with its lookup of the codes of 8 bits or fewer: their length and value. */
type Table = { maxcode: number[]; valoffset: number[]; values: number[]; lookup: Int32Array };
type Component = { id: number; h: number; v: number; tq: number; width: number; height: number; coefBits: number[] };
type Frame = {
  width: number;
  height: number;
  hmax: number;
  vmax: number;
  progressive: boolean;
  components: Component[];
};
/** Which coefficients are not zero, by block and zigzag index: what an AC refinement scan reads a bit for. */
const nonzero = new WeakMap<Component, Uint32Array>();
/** How many bits of `x` are set. */
const ones = (x: number) => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0xf0f0f0f) * 0x1010101) >>> 24;
};

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

class Damage extends Error {
  warning = false;
}
function fail(why: string): never {
  throw new Damage(why);
}
/** What libjpeg only warns of: the build's image library makes it an error where it checks, between strips. */
function warn(why: string): never {
  throw Object.assign(new Damage(why), { warning: true });
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

type Scanned = { c: Component; dc: number; ac: number };
type Params = { ss: number; se: number; ah: number; al: number; interval: number; only: boolean };

/** Walks one scan's entropy-coded data from `start`, as libjpeg's decoder reads it; where the data ends. */
function scan(
  b: Uint8Array,
  start: number,
  frame: Frame,
  comps: Scanned[],
  { ss, se, ah, al, interval, only }: Params,
  tables: { dc: (Table | null | undefined)[]; ac: (Table | null | undefined)[] },
): number {
  const dcBand = ss === 0;
  if (frame.progressive) {
    const bad =
      (dcBand ? se !== 0 : ss > se || se > 63 || comps.length !== 1) || (ah !== 0 && al !== ah - 1) || al > 13;
    if (bad) fail("a bad progressive scan");
    for (const { c } of comps) {
      if (!dcBand && c.coefBits[0] < 0) fail("a bogus progression");
      for (let k = ss; k <= se; k++) {
        if (ah !== Math.max(0, c.coefBits[k])) fail("a bogus progression");
        c.coefBits[k] = al;
      }
    }
  } else if (ss !== 0 || se !== 63 || ah !== 0 || al !== 0) fail("a scan that is not sequential");
  const table = (list: (Table | null | undefined)[], n: number) => list[n] ?? fail("a bad or missing Huffman table");
  const needDc = !frame.progressive || (dcBand && ah === 0);
  const needAc = !frame.progressive || !dcBand;
  const dcs = comps.map((s) => (needDc ? table(tables.dc, s.dc) : null));
  const acs = comps.map((s) => (needAc ? table(tables.ac, s.ac) : null));
  const { hmax, vmax } = frame;
  const single = comps.length === 1;
  const [mcusX, mcusY] = single
    ? [Math.ceil(comps[0].c.width / 8), Math.ceil(comps[0].c.height / 8)]
    : [Math.ceil(frame.width / (8 * hmax)), Math.ceil(frame.height / (8 * vmax))];
  const blocksInMcu = comps.reduce((n, s) => n + s.c.h * s.c.v, 0);
  if (!single && blocksInMcu > 10) fail("an MCU of too many blocks");
  const c = comps[0].c;
  if (!nonzero.has(c)) nonzero.set(c, new Uint32Array(Math.ceil(c.width / 8) * Math.ceil(c.height / 8) * 2));
  const bits = nonzero.get(c)!;
  const has = (index: number, k: number) => (bits[index * 2 + (k >> 5)] >>> (k & 31)) & 1;
  /** How many coefficients of the block are not zero from `k` to 63. */
  const from = (index: number, k: number) =>
    k > 63
      ? 0
      : k < 32
        ? ones(bits[index * 2] >>> k) + ones(bits[index * 2 + 1])
        : ones(bits[index * 2 + 1] >>> (k - 32));
  // libjpeg maps a zigzag index past 63 to 63.
  const set = (index: number, k: number) => (bits[index * 2 + (Math.min(k, 63) >> 5)] |= 1 << (Math.min(k, 63) & 31));

  // The bit reader, as libjpeg's: the segment's data bytes (0xFF 0x00 is 0xFF) and where each ends in the file; `loaded`
  // of them in its bit buffer, topped up to 57 bits whenever it runs short (or 6 bytes at a time, by its fast path);
  // bits past the segment's marker are data the file lacks.
  let at = start;
  const data = new Uint8Array(b.length - at + 3);
  const ends = new Int32Array(b.length - at);
  let [length, loaded, used, marker, fast, eof] = [0, 0, 0, false, false, false];
  const segment = () => {
    // The last segment's bytes go, so that bits past this one's end read as zeros.
    data.fill(0, 0, length + 3);
    [length, loaded, used, marker] = [0, 0, 0, false];
    for (;;) {
      if (at >= b.length) return void (eof = true);
      if (b[at] !== 0xff) data[length] = b[at++];
      else {
        let next = at + 1;
        while (b[next] === 0xff) next++;
        if (next >= b.length) return void ([eof, at] = [true, b.length]);
        if (b[next] !== 0) return void (at = next - 1);
        data[length] = 0xff;
        at = next + 1;
      }
      ends[length++] = at;
    }
  };
  const begun = at;
  segment();
  const left = () => loaded * 8 - used;
  const fill = () => {
    if (fast) {
      if (left() > 16) return;
      if (loaded + 6 > length) throw SLOW;
      return void (loaded += 6);
    }
    while (left() < 57 && !marker) {
      if (loaded < length) loaded++;
      else if (eof) fail("premature end of JPEG file");
      else marker = true;
    }
  };
  const ensure = (n: number) => {
    if (left() < n) fill();
    if (left() < n) warn("premature end of data segment");
  };
  /** The next `n` bits (16 at most). */
  const peek = (n: number) => {
    const byte = used >> 3;
    const word = (data[byte] << 16) | (data[byte + 1] << 8) | data[byte + 2];
    return (word >> (24 - (used & 7) - n)) & ((1 << n) - 1);
  };
  const take = (n: number) => {
    ensure(n);
    const value = peek(n);
    used += n;
    return value;
  };
  /** `n` bits, each read alone: the buffer is topped up only as it empties. */
  const corrections = (n: number) => {
    while (n > 0) {
      ensure(1);
      const m = Math.min(n, loaded * 8 - used);
      [used, n] = [used + m, n - m];
    }
  };
  const get = (n: number) => {
    if (fast) fill();
    return take(n);
  };
  const decode = (t: Table) => {
    let l = 1;
    if (fast || left() < 8) fill();
    if (left() >= 8) {
      const found = t.lookup[peek(8)];
      if (found) return ((used += found >> 8), found & 0xff);
      l = 9;
    }
    let code = take(l);
    while (code > t.maxcode[l]) {
      code = (code << 1) | take(1);
      l++;
    }
    // The fast path takes a code no table holds for a zero, unsaid.
    return l <= 16 ? t.values[code + t.valoffset[l]] : fast ? 0 : warn("bad Huffman code");
  };
  /** The bytes libjpeg's source holds from the next byte on: the rest of the file, which the library maps whole. */
  const buffered = () => b.length - (loaded ? ends[loaded - 1] : begun);
  // The library reads a one-scan JPEG 8 rows a strip, and checks for warnings before each: none made in the MCU rows
  // libjpeg decodes for the last strip is seen. It decodes a row when its first line is asked for, or with 2:1
  // vertical upsampling a row's last line group (`vmax` lines) early.
  const lastStrip = 8 * Math.floor((frame.height - 1) / 8);
  const rowLines = 8 * vmax;
  const early = vmax === 2 && frame.components.some((c) => c.v === 1) ? vmax : 0;
  const unchecked = (row: number) => only && Math.max(0, row * rowLines - early) >= lastStrip;
  const dcValue = (i: number) => {
    const s = decode(dcs[i]!);
    if (s) get(s);
  };
  let eobrun = 0;
  const block = (i: number, index: number) => {
    if (!frame.progressive) {
      dcValue(i);
      for (let k = 1; k < 64; k++) {
        const rs = decode(acs[i]!);
        if (rs & 15) {
          k += rs >> 4;
          get(rs & 15);
        } else if (rs >> 4 !== 15) break;
        else k += 15;
      }
    } else if (dcBand) {
      if (ah === 0) dcValue(i);
      else get(1);
    } else if (ah === 0) {
      if (eobrun > 0) return void eobrun--;
      for (let k = ss; k <= se; k++) {
        const rs = decode(acs[i]!);
        const r = rs >> 4;
        const s = rs & 15;
        if (s) {
          k += r;
          get(s);
          set(index, k);
        } else if (r === 15) k += 15;
        else {
          eobrun = (1 << r) + (r ? get(r) : 0) - 1;
          break;
        }
      }
    } else {
      let k = ss;
      if (eobrun === 0) {
        for (; k <= se; k++) {
          const rs = decode(acs[i]!);
          const s = rs & 15;
          let r = rs >> 4;
          if (s) {
            if (s !== 1) warn("bad Huffman code");
            get(1);
          } else if (r !== 15) {
            eobrun = (1 << r) + (r ? get(r) : 0);
            break;
          }
          do {
            if (has(index, k)) get(1);
            else if (--r < 0) break;
            k++;
          } while (k <= se);
          if (s) set(index, k);
        }
      }
      if (eobrun > 0) {
        // A correction bit for each coefficient not zero, read one at a time as libjpeg reads them.
        if (k <= se) corrections(from(index, k) - from(index, se + 1));
        eobrun--;
      }
    }
  };
  const mcu = (index: number) => {
    for (let i = 0; i < comps.length; i++) {
      if (single) block(i, index);
      else for (let n = 0; n < comps[i].c.h * comps[i].c.v; n++) block(i, -1);
    }
  };
  let restarts = interval;
  let expected = 0;
  for (let my = 0; my < mcusY; my++) {
    for (let mx = 0; mx < mcusX; mx++) {
      try {
        if (interval) {
          if (restarts === 0) {
            // The bytes left in the bit buffer, and any before the marker, are extraneous; the marker is the next RSTn.
            if (left() >= 8 || loaded < length) warn("extraneous bytes before a restart marker");
            if (b[at + 1] !== 0xd0 + expected) warn("a restart marker out of place");
            at += 2;
            expected = (expected + 1) & 7;
            [eobrun, restarts] = [0, interval];
            segment();
          }
          restarts--;
        }
        // libjpeg's fast path, for a sequential scan without restarts, where its source holds 512 bytes a block.
        fast = !frame.progressive && !interval && !marker && buffered() >= 512 * (single ? 1 : blocksInMcu);
        const wasLoaded = loaded;
        const wasUsed = used;
        try {
          mcu(my * mcusX + mx);
        } catch (error) {
          if (error !== SLOW) throw error;
          loaded = wasLoaded;
          used = wasUsed;
          fast = false;
          mcu(my * mcusX + mx);
        }
        fast = false;
      } catch (error) {
        if (error instanceof Damage && error.warning && unchecked(my)) return at;
        throw error;
      }
    }
  }
  // The bytes the bit buffer had not taken are extraneous to the next marker's reader.
  if (loaded < length && !only) fail("extraneous bytes before a marker");
  return at;
}

/** What libjpeg's fast path does where it meets a marker: the block is read again by its careful path. */
const SLOW = new Error("slow");
