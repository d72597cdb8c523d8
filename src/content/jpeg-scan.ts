/**
 * One scan of a JPEG walked as libjpeg-turbo's Huffman decoder walks it (jpeg-data.ts reads the markers around it):
 * its bit reader's refills, its fast path, a progressive scan's bands and refinements, restart markers, and which of
 * its warnings the build's image library sees.
 */

/** A Huffman table as libjpeg derives it, with its lookup of the codes of 8 bits or fewer: their length and value. */
export type Table = { maxcode: number[]; valoffset: number[]; values: number[]; lookup: Int32Array };
type Component = { id: number; h: number; v: number; tq: number; width: number; height: number; coefBits: number[] };
export type Frame = {
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

export class Damage extends Error {
  warning = false;
}
export function fail(why: string): never {
  throw new Damage(why);
}
/** What libjpeg only warns of: the build's image library makes it an error where it checks, between strips. */
function warn(why: string): never {
  throw Object.assign(new Damage(why), { warning: true });
}

export type Scanned = { c: Component; dc: number; ac: number };
export type Params = { ss: number; se: number; ah: number; al: number; interval: number; only: boolean };

/** Walks one scan's entropy-coded data from `start`, as libjpeg's decoder reads it; where the data ends. */
export function scan(
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
