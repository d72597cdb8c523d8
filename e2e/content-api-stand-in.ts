// Stand-ins for the two services the content API (functions/api/content.ts) reaches and the tests cannot: GitHub and
// Cloudflare Access, on one server on 127.0.0.1.
//
// - GitHub (under /github, the API's root): a GitHub App (its installation and installation tokens, minted only for
//   an app JWT that verifies against the app's own public key) and one repository held in memory as commits of whole
//   file trees, with the endpoints the content API uses: contents (read; a link to a file answered with that file, as
//   GitHub does), the Git Data API (blobs, trees, commits, refs: a ref update that is not a fast-forward refused with
//   422), pull requests with labels and comments (the App's, and any GitHub user's from a fork), compare (with its merge base, its
//   files cut at 300 as GitHub's users report), merge (git's own three-way merge, line by line), and a commit's check
//   runs and statuses. Every change of a branch is logged with its author.
// - Access (at /cdn-cgi/access/certs, the team's address being the server's): its signing keys, published as JWKS;
//   `assertion` signs what Access would send with a request.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { exportJWK, exportPKCS8, exportSPKI, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from "jose";

const APP_ID = "424242";
export const AUDIENCE = "standin-access-application-aud";
const INSTALLATION = 7;
const KID = "standin-key-1";
const APP_SLUG = "site-editor";
const BOT = `${APP_SLUG}[bot]`;

interface Commit {
  sha: string;
  parents: string[];
  files: Map<string, Buffer>;
  message: string;
  author: { name: string; email: string } | null;
  committer: string;
  date: string;
}

interface Write {
  branch: string;
  message: string;
  author: { name: string; email: string } | null;
  committer: string;
  /** The files the commit changed, added or removed. */
  paths: string[];
}

interface Pull {
  number: number;
  /** The head's repository, and its commit where it is a fork's (the repository's own branches name theirs now). */
  head: { ref: string; repo: { full_name: string }; sha?: string };
  base: { ref: string };
  labels: { name: string }[];
  state: "open" | "closed";
  user: { login: string };
  body: string | null;
}

/** A comment on a pull request (GitHub's issue comments): anyone with write access may edit or delete another's. */
interface IssueComment {
  id: number;
  issue: number;
  user: { login: string };
  body: string;
}

export interface ContentStandIn {
  /** The Access team's address, and the server's. */
  url: string;
  /** GitHub's API root (GITHUB_API_URL). */
  api: string;
  repo: string;
  appPrivateKey: string;
  /** The file on `branch` (default main), or null. */
  file(path: string, branch?: string): string | null;
  branches(): string[];
  pulls: Pull[];
  /** Every pull request's comments, in the order made; a test edits one as a developer on GitHub would. */
  comments: IssueComment[];
  writes: Write[];
  /** Installation tokens minted, with the permissions asked for. */
  tokens: { token: string; permissions: unknown; repositories: unknown }[];
  /** Requests to GitHub's API, as "METHOD path". */
  requests: string[];
  /** Times Access's keys were fetched. */
  keyFetches: number;
  /** How GitHub's API answers its next request to the repository: rate-limited, or down. */
  failNext: "rate-limit" | "http-502" | null;
  /** A request ("METHOD /path" under the repository) GitHub answers 502 once, the next time it comes. */
  failOn: string | null;
  /**
   * What the host reports on commits, as GitHub's check runs and commit statuses answer it; `head` stands in for
   * main's head commit when "Is it live?" asks for it (the build's own commit, to be live).
   */
  reports: { head?: string; runs: unknown[]; statuses: unknown[] };
  /** Changes `path` on `branch` (made from main if new) as another writer would; returns the commit's sha. */
  commit(path: string, text: string | Buffer, message?: string, branch?: string): string;
  /**
   * Opens a pull request onto main as someone else would: from a fork's branch `ref` at the commit `sha` (a fork has
   * the repository's commits), by `login`, with `labels` and `body`, as a user with triage permission can.
   */
  forkPull(pull: { ref: string; sha: string; login?: string; labels?: string[]; body?: string; repo?: string }): Pull;
  /** Commits a link at `path` on main to the file `target`. */
  link(path: string, target: string): void;
  /** Runs once, just before the next ref update: another writer's commit landing mid-save (it may set itself again). */
  beforeRefUpdate: (() => void) | null;
  /** Signs an assertion as Access does for `email`; `options` bend it for the refusal tests. */
  assertion(
    email: string,
    options?: { audience?: string; expiresIn?: number; key?: CryptoKey; name?: string },
  ): Promise<string>;
  accessPublicKeyPem: string;
  close(): Promise<void>;
}

const blobSha = (bytes: Buffer) =>
  crypto
    .createHash("sha1")
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
    .digest("hex");

function filesUnder(dir: string, prefix: string, into = new Map<string, Buffer>()): Map<string, Buffer> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, `${prefix}${entry.name}/`, into);
    else into.set(`${prefix}${entry.name}`, fs.readFileSync(full));
  }
  return into;
}

/** The content API's settings for the repository `repo` on `standIn`, as a deploy sets them (docs/deploy.md). */
export const standInSettings = (standIn: ContentStandIn) => ({
  CMS_REPO: standIn.repo,
  ACCESS_TEAM_DOMAIN: standIn.url,
  ACCESS_AUD: AUDIENCE,
  GITHUB_APP_ID: APP_ID,
  GITHUB_APP_PRIVATE_KEY: standIn.appPrivateKey,
  GITHUB_API_URL: standIn.api,
});

/** `git merge-file`'s three-way merge of two changes of a file; null where they clash or one side deleted it. */
function lineMerge(base: Buffer | undefined, ours: Buffer | undefined, theirs: Buffer | undefined): Buffer | null {
  if (!base || !ours || !theirs) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "standin-merge-"));
  try {
    const files = Object.entries({ ours, base, theirs }).map(([name, bytes]) => {
      fs.writeFileSync(path.join(dir, name), bytes);
      return path.join(dir, name);
    });
    const result = spawnSync("git", ["merge-file", "-p", ...files]);
    return result.status === 0 ? result.stdout : null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts both stand-ins; the repository's main branch holds `dataDir` as data/, and a file of code beside it. */
export async function startContentStandIn(repo: string, dataDir: string): Promise<ContentStandIn> {
  const app = await generateKeyPair("RS256", { extractable: true });
  const access = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(access.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  const commits = new Map<string, Commit>();
  const refs = new Map<string, string>();
  const issued = new Set<string>();
  const reports: ContentStandIn["reports"] = { runs: [], statuses: [] };
  const links = new Map<string, string>();
  // Git's objects by sha, for the Git Data API Decap's GitHub backend uses: every file's blob, and trees as the files
  // below them (paths relative to the tree).
  const blobs = new Map<string, Buffer>();
  const trees = new Map<string, Map<string, Buffer>>();
  const treeOf = (files: Map<string, Buffer>) => {
    const listing = [...files].map(([p, bytes]) => `${p}\0${blobSha(bytes)}`).sort();
    const sha = crypto
      .createHash("sha1")
      .update(`tree\0${listing.join("\n")}`)
      .digest("hex");
    trees.set(sha, files);
    return sha;
  };
  let clock = Date.parse("2026-11-01T09:00:00Z");

  function addCommit(parents: string[], files: Map<string, Buffer>, message: string, author: Commit["author"]) {
    const sha = crypto.randomBytes(20).toString("hex");
    clock += 60_000;
    for (const bytes of files.values()) blobs.set(blobSha(bytes), bytes);
    commits.set(sha, { sha, parents, files, message, author, committer: BOT, date: new Date(clock).toISOString() });
    return sha;
  }
  const initial = filesUnder(dataDir, "data/");
  initial.set("src/code.ts", Buffer.from("export const code = true;\n"));
  refs.set("main", addCommit([], initial, "Initial content", null));

  const resolve = (ref: string) => commits.get(refs.get(ref) ?? ref);
  const changed = (a: Map<string, Buffer>, b: Map<string, Buffer>) =>
    [...new Set([...a.keys(), ...b.keys()])].filter((p) => !a.get(p)?.equals(b.get(p) ?? Buffer.alloc(0)) || !b.has(p));
  const ancestors = (sha: string, seen = new Set<string>()): Set<string> => {
    if (!seen.has(sha)) {
      seen.add(sha);
      for (const parent of commits.get(sha)!.parents) ancestors(parent, seen);
    }
    return seen;
  };
  /** The newest commit of `base`'s history that `head` also has. */
  function mergeBase(base: string, head: string): Commit {
    const ofBase = ancestors(base);
    const queue = [head];
    while (queue.length) {
      const sha = queue.shift()!;
      if (ofBase.has(sha)) return commits.get(sha)!;
      queue.push(...commits.get(sha)!.parents);
    }
    throw new Error("no common history");
  }

  const standIn: ContentStandIn = {
    url: "",
    api: "",
    repo,
    appPrivateKey: await exportPKCS8(app.privateKey),
    accessPublicKeyPem: await exportSPKI(access.publicKey),
    file: (p, branch = "main") => resolve(branch)?.files.get(p)?.toString("utf8") ?? null,
    branches: () => [...refs.keys()],
    reports,
    pulls: [],
    comments: [],
    writes: [],
    tokens: [],
    requests: [],
    keyFetches: 0,
    failNext: null,
    failOn: null,
    beforeRefUpdate: null,
    commit(p, text, message = "Edited on GitHub", branch = "main") {
      const head = resolve(branch) ?? resolve("main")!;
      const files = new Map(head.files).set(p, Buffer.from(text));
      const sha = addCommit([head.sha], files, message, { name: "Someone else", email: "else@example.com" });
      refs.set(branch, sha);
      return sha;
    },
    forkPull({ ref, sha, login = "stranger", labels = [], body = "", repo: from = `${login}/site` }) {
      const pull: Pull = {
        number: standIn.pulls.length + 1,
        head: { ref, repo: { full_name: from }, sha },
        base: { ref: "main" },
        labels: labels.map((name) => ({ name })),
        state: "open",
        user: { login },
        body,
      };
      standIn.pulls.push(pull);
      return pull;
    },
    link(p, target) {
      links.set(p, target);
      standIn.commit(p, target, "Add a link");
    },
    assertion: (email, options = {}) =>
      new SignJWT({ email, type: "app", ...(options.name ? { name: options.name } : {}) })
        .setProtectedHeader({ alg: "RS256", kid: KID })
        .setIssuer(standIn.url)
        .setAudience(options.audience ?? AUDIENCE)
        .setSubject(crypto.createHash("sha256").update(email).digest("hex").slice(0, 32))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresIn ?? 3600))
        .sign(options.key ?? access.privateKey),
    close: async () => {},
  };

  async function github(
    method: string,
    route: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
    auth: string,
  ) {
    const fail = (status: number, message: string) => ({ status, body: { message } });
    // The app itself: its installation on the repository, and tokens for it.
    if (auth.startsWith("Bearer ")) {
      try {
        await jwtVerify(auth.slice(7), app.publicKey, { issuer: APP_ID, algorithms: ["RS256"] });
      } catch {
        return fail(401, "A JSON web token could not be decoded");
      }
      if (method === "GET" && route === `/repos/${repo}/installation`)
        return { status: 200, body: { id: INSTALLATION } };
      if (method === "GET" && route === "/app") return { status: 200, body: { id: Number(APP_ID), slug: APP_SLUG } };
      if (method === "POST" && route === `/app/installations/${INSTALLATION}/access_tokens`) {
        const token = `ghs_${crypto.randomBytes(18).toString("hex")}`;
        issued.add(token);
        standIn.tokens.push({ token, permissions: body.permissions, repositories: body.repositories });
        return { status: 201, body: { token, expires_at: new Date(Date.now() + 3600_000).toISOString() } };
      }
      return fail(404, "Not Found");
    }
    const token = auth.replace(/^token /, "");
    if (!issued.has(token)) return fail(401, "Bad credentials");
    const failing = standIn.failNext;
    standIn.failNext = null;
    if (failing === "rate-limit") return fail(403, "API rate limit exceeded for installation ID 7.");
    if (failing === "http-502") return fail(502, "Server Error");
    const prefix = `/repos/${repo}`;
    if (!route.startsWith(`${prefix}/`)) return fail(404, "Not Found");
    const rest = route.slice(prefix.length);
    if (standIn.failOn === `${method} ${rest}`) {
      standIn.failOn = null;
      return fail(502, "Server Error");
    }
    let m: RegExpExecArray | null;
    if ((m = /^\/contents\/(.+)$/.exec(rest))) {
      const file = m[1].split("/").map(decodeURIComponent).join("/");
      if (method === "GET") {
        const commit = resolve(query.get("ref") ?? "main");
        if (!commit) return fail(404, "No commit found for the ref");
        const shown = links.has(file) && commit.files.has(file) ? links.get(file)! : file;
        const bytes = commit.files.get(shown);
        if (bytes) {
          const content = bytes.toString("base64");
          return {
            status: 200,
            body: { type: "file", path: shown, sha: blobSha(bytes), size: bytes.length, encoding: "base64", content },
          };
        }
        const inside = [...commit.files.keys()].filter((p) => p.startsWith(`${file}/`));
        if (inside.length === 0) return fail(404, "Not Found");
        const names = [...new Set(inside.map((p) => p.slice(file.length + 1).split("/")[0]))];
        return {
          status: 200,
          body: names.map((name) => {
            const full = `${file}/${name}`;
            const bytes = commit.files.get(full);
            const [type, sha] = bytes ? ["file", blobSha(bytes)] : ["dir", "0".repeat(40)];
            return { type, name, path: full, sha, size: bytes?.length ?? 0 };
          }),
        };
      }
      return fail(404, "Not Found");
    }
    if ((m = /^\/git\/trees\/([0-9a-f]{40})$/.exec(rest)) && method === "GET") {
      // A tree: its files and folders, or with `recursive` every file below it (and its folders, as GitHub lists them).
      const files = trees.get(m[1]);
      if (!files) return fail(404, "Not Found");
      const all = [...files.keys()];
      const folders = [
        ...new Set(
          all.flatMap((p) =>
            p
              .split("/")
              .slice(0, -1)
              .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
          ),
        ),
      ];
      const listed = query.get("recursive")
        ? [...folders, ...all]
        : [...folders, ...all].filter((p) => !p.includes("/"));
      const tree = listed.map((p) => {
        const bytes = files.get(p);
        if (!bytes) return { path: p, mode: "040000", type: "tree", sha: "0".repeat(40) };
        return {
          path: p,
          mode: links.has(p) ? "120000" : "100644",
          type: "blob",
          sha: blobSha(bytes),
          size: bytes.length,
        };
      });
      return { status: 200, body: { sha: m[1], tree, truncated: false } };
    }
    if ((m = /^\/git\/commits\/([0-9a-f]{40})$/.exec(rest)) && method === "GET") {
      const commit = commits.get(m[1]);
      if (!commit) return fail(404, "Not Found");
      return { status: 200, body: { sha: commit.sha, tree: { sha: treeOf(commit.files) } } };
    }
    if ((m = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(rest)) && method === "GET") {
      const bytes = blobs.get(m[1]);
      if (!bytes) return fail(404, "Not Found");
      return {
        status: 200,
        body: { sha: m[1], size: bytes.length, encoding: "base64", content: bytes.toString("base64") },
      };
    }
    if (rest === "/git/blobs" && method === "POST") {
      const bytes = Buffer.from(String(body.content), body.encoding === "base64" ? "base64" : "utf8");
      blobs.set(blobSha(bytes), bytes);
      return { status: 201, body: { sha: blobSha(bytes) } };
    }
    if (rest === "/git/trees" && method === "POST") {
      const files = new Map(trees.get(String(body.base_tree)) ?? []);
      for (const item of body.tree as { path: string; sha: string | null }[]) {
        if (item.sha === null) files.delete(item.path);
        else if (blobs.has(item.sha)) files.set(item.path, blobs.get(item.sha)!);
        else return fail(422, `Invalid tree info: ${item.sha} is not a blob`);
      }
      return { status: 201, body: { sha: treeOf(files) } };
    }
    if (rest === "/git/commits" && method === "POST") {
      const files = trees.get(String(body.tree));
      const parents = body.parents as string[];
      if (!files || !parents.every((sha) => commits.has(sha))) return fail(422, "Tree or parent SHA does not exist");
      const sha = addCommit(parents, files, String(body.message), (body.author as Commit["author"]) ?? null);
      return { status: 201, body: { sha, tree: { sha: body.tree }, parents: parents.map((p) => ({ sha: p })) } };
    }
    if ((m = /^\/git\/refs?\/heads\/(.+)$/.exec(rest)) && method === "PATCH") {
      // A branch moved to a new commit: a write, refused where it would drop commits the branch has (no force).
      const [branch, next] = [decodeURIComponent(m[1]), commits.get(String(body.sha))];
      if (!refs.has(branch) || !next) return fail(422, "Reference does not exist");
      // Taken off before it runs, so that it may set itself again: a writer landing before each try.
      const before = standIn.beforeRefUpdate;
      standIn.beforeRefUpdate = null;
      before?.();
      const head = resolve(branch)!;
      if (!body.force && !ancestors(next.sha).has(head.sha)) return fail(422, "Update is not a fast forward");
      refs.set(branch, next.sha);
      const paths = changed(head.files, next.files);
      standIn.writes.push({ branch, message: next.message, author: next.author, committer: BOT, paths });
      return { status: 200, body: { ref: `refs/heads/${branch}`, object: { sha: next.sha } } };
    }
    if ((m = /^\/git\/refs?\/heads\/(.+)$/.exec(rest))) {
      const branch = m[1];
      if (method === "GET")
        return refs.has(branch)
          ? { status: 200, body: { ref: `refs/heads/${branch}`, object: { sha: refs.get(branch) } } }
          : fail(404, "Not Found");
      if (method === "DELETE") {
        if (!refs.delete(branch)) return fail(422, "Reference does not exist");
        for (const pull of standIn.pulls) if (pull.head.ref === branch && !pull.head.sha) pull.state = "closed";
        return { status: 204, body: null };
      }
    }
    if (method === "POST" && rest === "/git/refs") {
      const branch = String(body.ref).replace(/^refs\/heads\//, "");
      if (refs.has(branch)) return fail(422, "Reference already exists");
      const commit = commits.get(String(body.sha));
      if (!commit) return fail(422, "Object does not exist");
      // A branch made at a new commit: that commit's change is a write.
      if (![...refs.values()].includes(commit.sha) && commit.parents.length > 0) {
        const paths = changed(commits.get(commit.parents[0])!.files, commit.files);
        standIn.writes.push({ branch, message: commit.message, author: commit.author, committer: BOT, paths });
      }
      refs.set(branch, commit.sha);
      return { status: 201, body: { ref: body.ref, object: { sha: body.sha } } };
    }
    if (rest === "/pulls" && method === "GET") {
      // `head` is user:branch, the user owning the head's repository.
      const [owner, head] = query.get("head")?.split(":") ?? [];
      const open = standIn.pulls.filter(
        (p) =>
          p.state === "open" &&
          (!query.get("base") || p.base.ref === query.get("base")) &&
          (!head || (p.head.ref === head && p.head.repo.full_name.startsWith(`${owner}/`))),
      );
      // GitHub's pull request names its head's commit as it is now.
      const now = (p: Pull) => (p.head.repo.full_name === repo ? refs.get(p.head.ref) : p.head.sha);
      return { status: 200, body: open.map((p) => ({ ...p, head: { ...p.head, sha: now(p) } })) };
    }
    if (rest === "/pulls" && method === "POST") {
      const pull: Pull = {
        number: standIn.pulls.length + 1,
        head: { ref: String(body.head), repo: { full_name: repo } },
        base: { ref: String(body.base) },
        labels: [],
        state: "open",
        user: { login: BOT },
        body: typeof body.body === "string" ? body.body : null,
      };
      standIn.pulls.push(pull);
      return { status: 201, body: pull };
    }
    const pullOf = (n: string) => standIn.pulls.find((p) => p.number === Number(n));
    if ((m = /^\/pulls\/(\d+)$/.exec(rest)) && method === "PATCH") {
      const pull = pullOf(m[1]);
      if (!pull) return fail(404, "Not Found");
      if (typeof body.body === "string") pull.body = body.body;
      return { status: 200, body: pull };
    }
    if ((m = /^\/issues\/(\d+)\/labels$/.exec(rest)) && method === "PUT") {
      const pull = pullOf(m[1]);
      if (!pull) return fail(404, "Not Found");
      pull.labels = (body.labels as string[]).map((name) => ({ name }));
      return { status: 200, body: pull.labels };
    }
    if ((m = /^\/issues\/(\d+)\/comments$/.exec(rest))) {
      const number = Number(m[1]);
      if (!pullOf(m[1])) return fail(404, "Not Found");
      if (method === "GET") {
        // GitHub's pages: 30 by default, at most 100.
        const [size, page] = [Math.min(Number(query.get("per_page") ?? 30), 100), Number(query.get("page") ?? 1)];
        const all = standIn.comments.filter((c) => c.issue === number);
        return { status: 200, body: all.slice((page - 1) * size, page * size) };
      }
      if (typeof body.body !== "string" || body.body.length > 65_536) {
        return fail(422, "Validation Failed: body is too long (maximum is 65536 characters)");
      }
      const comment = { id: 9000 + standIn.comments.length, issue: number, user: { login: BOT }, body: body.body };
      standIn.comments.push(comment);
      return { status: 201, body: comment };
    }
    if ((m = /^\/issues\/comments\/(\d+)$/.exec(rest))) {
      const comment = standIn.comments.find((c) => c.id === Number(m![1]));
      if (!comment) return fail(404, "Not Found");
      if (method === "DELETE") {
        standIn.comments.splice(standIn.comments.indexOf(comment), 1);
        return { status: 204, body: null };
      }
      if (typeof body.body !== "string" || body.body.length > 65_536) return fail(422, "Validation Failed");
      comment.body = body.body;
      return { status: 200, body: comment };
    }
    if ((m = /^\/compare\/(.+)\.\.\.(.+)$/.exec(rest))) {
      const [base, head] = [resolve(decodeURIComponent(m[1])), resolve(decodeURIComponent(m[2]))];
      if (!base || !head) return fail(404, "Not Found");
      const from = mergeBase(base.sha, head.sha);
      const files = changed(from.files, head.files)
        .slice(0, 300)
        .map((filename) => ({
          filename,
          status: !from.files.has(filename) ? "added" : head.files.has(filename) ? "modified" : "removed",
          sha: head.files.has(filename) ? blobSha(head.files.get(filename)!) : "0".repeat(40),
        }));
      const status =
        base.sha === head.sha
          ? "identical"
          : from.sha === head.sha
            ? "behind"
            : from.sha === base.sha
              ? "ahead"
              : "diverged";
      const ahead: Commit[] = [];
      for (let c: Commit | undefined = head; c && c.sha !== from.sha; c = commits.get(c.parents[0])) ahead.unshift(c);
      const commitsAhead = ahead.map((c) => ({ sha: c.sha, commit: { committer: { date: c.date } } }));
      return { status: 200, body: { status, merge_base_commit: { sha: from.sha }, files, commits: commitsAhead } };
    }
    if ((m = /^\/pulls\/(\d+)\/merge$/.exec(rest)) && method === "PUT") {
      const pull = pullOf(m[1]);
      if (!pull || pull.state !== "open") return fail(404, "Not Found");
      const [base, head] = [resolve(pull.base.ref)!, resolve(pull.head.ref)!];
      if (body.sha && body.sha !== head.sha)
        return fail(409, "Head branch was modified. Review and try the merge again.");
      const from = mergeBase(base.sha, head.sha);
      const files = new Map(base.files);
      const ours = new Set(changed(from.files, base.files));
      for (const p of changed(from.files, head.files)) {
        if (ours.has(p) && !base.files.get(p)?.equals(head.files.get(p) ?? Buffer.alloc(0))) {
          // Both sides changed the file: git's three-way merge, line by line, as GitHub merges.
          const merged = lineMerge(from.files.get(p), base.files.get(p), head.files.get(p));
          if (!merged) return fail(405, "Pull Request is not mergeable");
          files.set(p, merged);
        } else if (head.files.has(p)) files.set(p, head.files.get(p)!);
        else files.delete(p);
      }
      const sha = addCommit([base.sha, head.sha], files, String(body.commit_title), null);
      refs.set(pull.base.ref, sha);
      standIn.writes.push({
        branch: pull.base.ref,
        message: String(body.commit_title),
        author: null,
        committer: BOT,
        paths: changed(base.files, files),
      });
      pull.state = "closed";
      return { status: 200, body: { merged: true, sha } };
    }
    if (rest === "/commits" && method === "GET") {
      // A file's history: the commits (first parents, from `sha`) that changed `path`, or made it.
      const [file, listed] = [query.get("path") ?? "", [] as Commit[]];
      for (let c = resolve(query.get("sha") ?? "main"); c && listed.length < Number(query.get("per_page") ?? 30);) {
        const parent = commits.get(c.parents[0]);
        if (parent ? changed(parent.files, c.files).includes(file) : c.files.has(file)) listed.push(c);
        c = parent;
      }
      const author = (c: Commit) => c.author ?? { name: BOT, email: `${BOT}@example.com` };
      return {
        status: 200,
        body: listed.map((c) => ({ sha: c.sha, commit: { author: { ...author(c), date: c.date } } })),
      };
    }
    if ((m = /^\/commits\/([^/]+)(\/check-runs|\/status)?$/.exec(rest)) && method === "GET") {
      const ref = decodeURIComponent(m[1]);
      const commit = ref === reports.head ? { sha: ref } : resolve(ref);
      if (!commit) return fail(422, "No commit found for SHA");
      const { runs, statuses } = reports;
      if (m[2] === "/check-runs") return { status: 200, body: { total_count: runs.length, check_runs: runs } };
      if (m[2] === "/status") return { status: 200, body: { state: "pending", statuses } };
      // GitHub's commit: its message, parents and every changed file with its patch (code and workflows too).
      const sha = ref === "main" && reports.head ? reports.head : commit.sha;
      const files = [{ filename: ".github/workflows/deploy.yml", status: "modified", patch: "@@ -1 +1 @@\n-a\n+b" }];
      return { status: 200, body: { sha, commit: { message: "Deploy" }, parents: [{ sha: "0".repeat(40) }], files } };
    }
    return fail(404, "Not Found");
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", standIn.url);
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(value === null ? "" : JSON.stringify(value));
      };
      if (url.pathname === "/cdn-cgi/access/certs") {
        standIn.keyFetches += 1;
        send(200, { keys: [jwk], public_cert: { kid: KID } });
        return;
      }
      if (!url.pathname.startsWith("/github/")) return send(404, { message: "Not Found" });
      const route = url.pathname.slice("/github".length);
      standIn.requests.push(`${req.method} ${route}`);
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
      } catch {
        return send(400, { message: "Problems parsing JSON" });
      }
      github(req.method ?? "GET", route, url.searchParams, body, req.headers.authorization ?? "").then(
        (result) => send(result.status, result.body),
        (error: Error) => send(500, { message: error.message }),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.api = `${standIn.url}/github`;
  standIn.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return standIn;
}
