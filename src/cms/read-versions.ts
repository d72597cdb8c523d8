/**
 * The version (blob sha) of each file the editor has read or written through the content API, so each write names
 * the versions it replaces and the API refuses it if any changed since (a file named without one was seen absent).
 * Publish and a draft's deletion likewise name the draft's head commit the editor saw.
 */
import { blobSha, fromBase64 } from "../content/bytes";
import { WRITES, type Params } from "../content/editor-requests";

type Listed = { path?: unknown; id?: unknown } | undefined;

export function readVersions() {
  const seen = new Map<string, string>();
  const heads = new Map<string, string>();
  /** What a file is after a write: its new bytes, or gone. */
  const written = ({ path, paths = [], asset, assets = [], dataFiles = [] }: Params) => [
    ...[path, ...paths].filter((gone) => typeof gone === "string").map((gone) => ({ path: gone, bytes: null })),
    ...[...assets, ...(asset ? [asset] : [])].map((file) => ({
      path: file.path,
      bytes: fromBase64(file.content) ?? new Uint8Array(),
    })),
    ...dataFiles.flatMap((file) => [
      ...(file.newPath ? [{ path: file.path, bytes: null }] : []),
      { path: file.newPath ?? file.path, bytes: new TextEncoder().encode(file.raw) },
    ]),
  ];
  return {
    /** `params` with the versions of the files a write touches; other actions' params as they are. */
    params(action: string, params: Params): Params {
      if (action === "publishUnpublishedEntry" || action === "deleteUnpublishedEntry")
        return { ...params, head: heads.get(`${params.collection}/${params.slug}`) };
      if (!WRITES.has(action)) return params;
      const known = written(params).flatMap(({ path }) => {
        const version = seen.get(path);
        return version ? [[path, version]] : [];
      });
      return { ...params, versions: Object.fromEntries(known) };
    },
    /** Takes in an answer: the versions of the files a read listed, or what a write made of its files. */
    async answered(action: string, params: Params, answer: unknown): Promise<void> {
      const { head, collection, slug } = (answer ?? {}) as Params & { head?: unknown };
      if (action === "unpublishedEntry" && typeof head === "string") heads.set(`${collection}/${slug}`, head);
      if (action === "persistEntry" && params.options?.useWorkflow && typeof head === "string") {
        heads.set(`${params.options.collectionName}/${params.dataFiles?.[0]?.slug}`, head);
      }
      if (WRITES.has(action)) {
        for (const { path, bytes } of written(params)) {
          if (bytes) seen.set(path, await blobSha(bytes));
          else seen.delete(path);
        }
      }
      for (const item of [answer].flat() as ({ file?: Listed } & Listed)[]) {
        const file = item?.file ?? item;
        if (typeof file?.path === "string" && typeof file.id === "string") seen.set(file.path, file.id);
      }
    },
  };
}
