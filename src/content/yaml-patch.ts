/**
 * Writes changed content back into a YAML file's own text, touching only what changed (Decap's own output re-quotes,
 * re-folds and drops comments): unchanged values keep their text, a changed one keeps its style, added keys and items
 * take the indentation around them. Changing one title changes one line.
 */
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  Document,
  Scalar,
  type Node,
  type Pair,
  type YAMLMap,
  type YAMLSeq,
} from "yaml";
import deepEqual from "fast-deep-equal";
import { changedPaths, isPlainObject, parseData, readablePath } from "./data";
import { readsAsText } from "./site-yaml";

/** Prettier's printWidth for this repository: the width the content files are folded at. */
export const LINE_WIDTH = 120;

type Value = unknown;
type Edit = { start: number; end: number; text: string };

const lineStart = (src: string, at: number) => src.lastIndexOf("\n", at - 1) + 1;
const column = (src: string, at: number) => at - lineStart(src, at);
/** The offset just past the newline that ends the line holding `at` (or the end of the text). */
const lineEndAfter = (src: string, at: number) => src.indexOf("\n", at) + 1 || src.length;

/** Text that needs double quotes: control characters, and lines of only spaces (the two readers differ on them). */
const NEEDS_ESCAPES = /(?![\t\n])[\p{Cc}\p{Cs}\u2028\u2029\ufeff]|^[ \t]+$/mu;

/** Renders `value` as block YAML lines, each prefixed by `indent` spaces. */
function renderBlock(value: Value, indent: number): string {
  const width = LINE_WIDTH - indent;
  const doc = new Document(value);
  // Long text folded (>-), as these files write it; text the site would read as a date or number, quoted.
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value !== "string") return;
      if (node.value.length > width / 2 && !/\n|^\s|\s$|\s{2}/.test(node.value)) node.type = Scalar.BLOCK_FOLDED;
      else if (NEEDS_ESCAPES.test(node.value) || (!node.value.includes("\n") && !readsAsText(node.value))) {
        node.type = Scalar.QUOTE_DOUBLE;
      }
    },
  });
  const text = doc.toString({ lineWidth: width, minContentWidth: 0 }).replace(/\n$/, "");
  return text
    .split("\n")
    .map((line) => (line === "" ? line : " ".repeat(indent) + line))
    .join("\n");
}

/** Can `text` be written without quotes and read back as the same string, here and by the site? */
function plainIsSafe(text: string): boolean {
  if (text === "" || text !== text.trim() || /[\n\r\t]/.test(text)) return false;
  try {
    return parseDocument(`k: ${text}\n`).toJS()?.k === text && readsAsText(text);
  } catch {
    return false;
  }
}

/** Folds `text` into lines of at most `width` characters, at spaces (a folded block scalar's content). */
export function foldWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    if (current !== "" && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current === "" ? word : `${current} ${word}`;
    }
  }
  lines.push(current);
  return lines;
}

/** A new value for a scalar in the old one's style; `keyColumn` is where its key (or list dash) starts. */
function renderScalar(src: string, node: Scalar, value: Value, keyColumn: number): string {
  if (typeof value !== "string") return value === null || value === undefined ? "null" : String(value);
  const escaped = NEEDS_ESCAPES.test(value);
  const foldable = !escaped && !/\n/.test(value) && !/ {2}|^ | $/.test(value) && value !== "";
  const isBlock = node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED;
  // A block's indentation indicator (`|2`) counts from its key, or its list's dash: where its line starts.
  const lineIndent = /^ */.exec(src.slice(lineStart(src, node.range![0])))![0].length;
  const parentColumn = lineIndent === column(src, node.range![0]) ? keyColumn : lineIndent;
  const blockIndent = (() => {
    const indicator = /^[|>][+-]?(\d)/.exec(src.slice(node.range![0]))?.[1];
    if (isBlock && indicator) return parentColumn + Number(indicator);
    const match = /^( *)\S/.exec(src.slice(src.indexOf("\n", node.range![0]) + 1));
    return match ? match[1].length : keyColumn + 2;
  })();
  const block = (header: string, lines: string[], indent: number) =>
    `${header}\n${lines.map((l) => (l === "" ? "" : " ".repeat(indent) + l)).join("\n")}`;

  if (node.type === Scalar.BLOCK_FOLDED && foldable) {
    return block(">-", foldWords(value, LINE_WIDTH - blockIndent), blockIndent);
  }
  // Multi-line text as a literal block, chomped as the text ends, the indentation stated where it starts with a space.
  if ((isBlock || /\n/.test(value)) && !escaped) {
    const indent = isBlock ? blockIndent : keyColumn + 2;
    const chomp = /\n\n$|^\n$/.test(value) ? "+" : value.endsWith("\n") ? "" : "-";
    const lines = value.replace(/\n$/, "").split("\n");
    const indicator = lines.find((line) => line !== "")?.startsWith(" ") ? indent - parentColumn : "";
    return block(`|${indicator}${chomp}`, lines, indent);
  }
  const lineSoFar = node.range![0] - lineStart(src, node.range![0]);
  const written =
    node.type === Scalar.QUOTE_SINGLE && !escaped && !/\n/.test(value)
      ? `'${value.replace(/'/g, "''")}'`
      : node.type !== Scalar.QUOTE_DOUBLE && plainIsSafe(value)
        ? value
        : JSON.stringify(value);
  // A value grown past the line width reads best folded, as the long values in these files are (and needs no quotes).
  if (lineSoFar + written.length > LINE_WIDTH && foldable) {
    return block(">-", foldWords(value, LINE_WIDTH - (keyColumn + 2)), keyColumn + 2);
  }
  return written;
}

/** The edits that turn `node` into `value`; "rewrite" where it cannot change in place (the caller rewrites the pair). */
function diff(src: string, node: Node | null, value: Value, keyColumn: number, edits: Edit[]): "rewrite" | void {
  const old = node === null ? null : (node.toJSON() as Value);
  if (deepEqual(old, value)) return;

  if (node && isMap(node) && !node.flow && isPlainObject(value) && node.items.length > 0) {
    diffMap(src, node, value, edits);
    return;
  }
  if (node && isSeq(node) && !node.flow && Array.isArray(value) && node.items.length > 0 && value.length > 0) {
    diffSeq(src, node, value, edits);
    return;
  }
  if (node && isScalar(node) && node.range && !isPlainObject(value) && !Array.isArray(value)) {
    // Keep the newline a block's range takes in; an empty value (`key:`) needs a space before the new one.
    const newline = src[node.range[1] - 1] === "\n" ? "\n" : "";
    const space = /[:-]/.test(src[node.range[0] - 1] ?? "") ? " " : "";
    const text = space + renderScalar(src, node, value, keyColumn);
    // A `|+` block needs its last newline even at the file's end; a trailing comment goes on a block's first line.
    const comment = text.includes("\n") ? (/^[ \t]+#.*/.exec(src.slice(node.range[1]))?.[0] ?? "") : "";
    const after = node.range[1] + comment.length;
    const end = newline || (text.endsWith("\n") && src[after] !== "\n" ? "\n" : "");
    const [first, ...rest] = text.split("\n");
    edits.push({
      start: node.range[0],
      end: after,
      text: [first + comment, ...rest].join("\n") + end,
    });
    return;
  }
  return "rewrite";
}

function pairSpan(src: string, pair: Pair, next: number): [number, number] {
  const key = pair.key as Node;
  const start = lineStart(src, key.range![0]);
  const valueEnd = (pair.value as Node | null)?.range?.[1] ?? key.range![1];
  return [start, Math.min(next, lineEndAfter(src, Math.max(valueEnd - 1, key.range![1])))];
}

function diffMap(src: string, map: YAMLMap, value: Record<string, Value>, edits: Edit[]): void {
  const items = map.items as Pair[];
  const keyColumn = column(src, (items[0].key as Node).range![0]);
  const seen = new Set<string>();
  items.forEach((pair, index) => {
    const key = String(isScalar(pair.key) ? pair.key.value : pair.key);
    seen.add(key);
    const nextStart =
      index + 1 < items.length ? lineStart(src, (items[index + 1].key as Node).range![0]) : Number.MAX_SAFE_INTEGER;
    const span = pairSpan(src, pair, nextStart);
    if (!Object.hasOwn(value, key)) {
      edits.push({ start: span[0], end: span[1], text: "" });
      return;
    }
    const child = isPair(pair) ? ((pair.value as Node | null) ?? null) : null;
    if (diff(src, child, value[key], keyColumn, edits) === "rewrite") {
      edits.push({ start: span[0], end: span[1], text: `${renderBlock({ [key]: value[key] }, keyColumn)}\n` });
    }
  });
  const added = Object.keys(value).filter((k) => !seen.has(k));
  if (added.length > 0) {
    const last = items[items.length - 1];
    const end = pairSpan(src, last, Number.MAX_SAFE_INTEGER)[1];
    const text = added.map((k) => renderBlock({ [k]: value[k] }, keyColumn)).join("\n");
    const needsNewline = end > 0 && src[end - 1] !== "\n";
    edits.push({ start: end, end, text: `${needsNewline ? "\n" : ""}${text}\n` });
  }
}

/** Lists longer than this between their equal ends are not compared item by item (the table grows with the square). */
const MAX_COMPARED = 250_000;

/** Pairs of equal items (old, new index): the equal ends, and between them the longest common subsequence. */
function commonItems(old: Value[], next: Value[]): [number, number][] {
  let start = 0;
  while (start < old.length && start < next.length && deepEqual(old[start], next[start])) start++;
  let end = 0;
  const fromEnd = (list: Value[]) => list[list.length - 1 - end];
  while (end < Math.min(old.length, next.length) - start && deepEqual(fromEnd(old), fromEnd(next))) end++;
  const a = old.slice(start, old.length - end);
  const b = next.slice(start, next.length - end);
  const middle = a.length * b.length > MAX_COMPARED ? [] : longestCommon(a, b);
  return [
    ...Array.from({ length: start }, (_, i): [number, number] => [i, i]),
    ...middle.map(([i, j]): [number, number] => [i + start, j + start]),
    ...Array.from({ length: end }, (_, k): [number, number] => [old.length - end + k, next.length - end + k]),
  ];
}

/** The longest common subsequence of two lists, as pairs of indexes. */
function longestCommon(old: Value[], next: Value[]): [number, number][] {
  const table = Array.from({ length: old.length + 1 }, () => new Array<number>(next.length + 1).fill(0));
  for (let i = old.length - 1; i >= 0; i--) {
    for (let j = next.length - 1; j >= 0; j--) {
      table[i][j] = deepEqual(old[i], next[j]) ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
    }
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < old.length && j < next.length;) {
    if (deepEqual(old[i], next[j])) pairs.push([i++, j++]);
    else if (table[i + 1][j] >= table[i][j + 1]) i++;
    else j++;
  }
  return pairs;
}

/** A list: kept items untouched; between them, changed items edited in place, others deleted or added. */
function diffSeq(src: string, seq: YAMLSeq, value: Value[], edits: Edit[]): void {
  const items = seq.items as Node[];
  const dash = (i: number) => src.lastIndexOf("-", items[i].range![0]);
  const dashColumn = column(src, dash(0));
  const itemSpan = (i: number): [number, number] => [
    lineStart(src, dash(i)),
    i + 1 < items.length ? lineStart(src, dash(i + 1)) : lineEndAfter(src, items[i].range![1] - 1),
  ];
  const insert = (at: number, values: Value[]) => {
    if (values.length === 0) return;
    const newline = at > 0 && src[at - 1] !== "\n" ? "\n" : "";
    edits.push({ start: at, end: at, text: `${newline}${renderBlock(values, dashColumn)}\n` });
  };
  const old = items.map((item) => item.toJSON() as Value);
  const anchors = [...commonItems(old, value), [items.length, value.length] as [number, number]];
  let i = 0;
  let j = 0;
  for (const [keepOld, keepNew] of anchors) {
    // Old items i..keepOld-1 and new values j..keepNew-1 differ: pair them up, then delete or add the rest.
    for (; i < keepOld && j < keepNew; i++, j++) {
      const item = items[i];
      const inPlace =
        (isMap(item) && !item.flow && isPlainObject(value[j]) && item.items.length > 0) ||
        (isScalar(item) && !isPlainObject(value[j]) && !Array.isArray(value[j]));
      const [start, end] = itemSpan(i);
      if (inPlace) diff(src, item, value[j], dashColumn + 2, edits);
      else edits.push({ start, end, text: `${renderBlock([value[j]], dashColumn)}\n` });
    }
    for (; i < keepOld; i++) {
      const [start, end] = itemSpan(i);
      edits.push({ start, end, text: "" });
    }
    insert(keepOld < items.length ? itemSpan(keepOld)[0] : itemSpan(items.length - 1)[1], value.slice(j, keepNew));
    i = keepOld + 1;
    j = keepNew + 1;
  }
}

/** `source` changed to hold `value`, with the least change; a new file (only comments) gets every key appended. */
export function patchYaml(source: string, value: Record<string, Value>): string {
  const doc = parseDocument(source);
  if (doc.errors.length > 0) throw new Error(`The file is not valid YAML: ${doc.errors[0].message}`);
  const root = doc.contents as Node | null;
  if (!root || (isScalar(root) && (root.value === null || root.value === undefined))) {
    const head = source === "" || source.endsWith("\n") ? source : `${source}\n`;
    return `${head}${renderBlock(value, 0)}\n`;
  }
  if (!isMap(root) || root.flow) throw new Error("A content file must be a mapping of fields written in block style");
  const edits: Edit[] = [];
  diffMap(source, root, value, edits);
  let out = source;
  for (const edit of edits.sort((a, b) => b.start - a.start || b.end - a.end)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/**
 * The text a save writes: the fields patched onto the file's text, read back and compared with the fields. A text
 * that does not read back as exactly what the form held is never written: the save is refused, naming the field.
 */
export function writtenText({ source, fields }: { source: string; fields: Record<string, Value> }): string {
  const text = patchYaml(source, fields);
  const [differs] = changedPaths(fields, parseData(text));
  if (differs) {
    throw new Error(
      `Not saved: ${readablePath(differs) || "the file"} would not read back from the file as you typed it, so ` +
        "nothing was written. Change it, and save again.",
    );
  }
  return text;
}
