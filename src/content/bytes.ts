/**
 * Files' bytes as the content API and the editor read them, the way the build reads them from disk: text as UTF-8
 * with every byte-order mark kept, as Node's `readFileSync(file, "utf8")` gives it; a file's version as git's sha.
 */
export const decodeText = (bytes: Uint8Array): string => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);

/** `length` bytes from `at` as ASCII text (a chunk's or box's name). */
export const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));
/** The big-endian 16- and 32-bit numbers at `at`, as image formats write them. */
export const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
export const u32be = (b: Uint8Array, at: number) =>
  ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];

/** Base64 as bytes; null where it is not base64. */
export function fromBase64(text: string): Uint8Array | null {
  let binary: string;
  try {
    binary = atob(text.replace(/\s/g, ""));
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Git's name for a file's bytes: the sha1 of `blob <size>\0` and the bytes. */
export async function blobSha(bytes: Uint8Array): Promise<string> {
  const head = new TextEncoder().encode(`blob ${bytes.length}\0`);
  const object = new Uint8Array(head.length + bytes.length);
  object.set(head);
  object.set(bytes, head.length);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", object));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
