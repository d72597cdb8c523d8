// What each request to the content API costs a Worker (`npm run bench:api`): the calls it makes to GitHub and Access
// (subrequests; Workers Free allows 50 a request) and its CPU time (10 ms a request on Workers Free), on a warm Worker
// and as the first request after a cold start, on today's content and at the content model's limits (the most
// services, every list at its maxItems, 200 images). The API runs in a thread of its own, so the CPU time is its own
// (process.threadCpuUsage), against the stand-ins for GitHub and Access in this one, which also makes its calls out.
// Node's V8 is not workerd's: the figures are this machine's, for comparing changes, against the 10 ms line.
// Options: --rounds N (warm requests per action, default 7; the median is shown).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { isMainThread, MessageChannel, parentPort, Worker, type MessagePort } from "node:worker_threads";
import { stringify, parse } from "yaml";
import { standInSettings, startContentStandIn, type ContentStandIn } from "../content-api-stand-in";

const root = path.resolve(__dirname, "..", "..");
type Job = { env: Record<string, string>; assertion: string; action: string; params: object };
type Done = { status: number; cpu: number; body: Record<string, unknown> };

type Call = { url: string; method: string; headers: Record<string, string>; body: string | null; port: MessagePort };

if (!isMainThread) {
  // The API's thread: a request in, its answer and CPU time out. Its calls out are made by the main thread, as
  // workerd makes them outside the isolate's CPU time: what is counted is reading their answers.
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const { port1, port2 } = new MessageChannel();
    const body = request.body ? await request.text() : null;
    const headers = Object.fromEntries(request.headers);
    parentPort!.postMessage({ url: request.url, method: request.method, headers, body, port: port2 }, [port2]);
    const answer = await new Promise<{ status: number; text: string }>((resolve) => port1.once("message", resolve));
    port1.close();
    return new Response(answer.status === 204 ? null : answer.text, { status: answer.status });
  };
  const api = import("../../functions/_lib/content/api");
  const images = import("../../src/content/images");
  parentPort!.on("message", async ({ env, assertion, action, params }: Job) => {
    if (action === "judge") {
      // The server's judge alone, on one image's bytes: what a save or an upload adds for each image it brings.
      const { imageDataProblem } = await images;
      const bytes = Buffer.from((params as { content: string }).content, "base64");
      const start = process.threadCpuUsage();
      const problem = await imageDataProblem(bytes);
      const { user, system } = process.threadCpuUsage(start);
      const done = { status: problem ? 422 : 200, cpu: (user + system) / 1000, body: { problem } };
      return parentPort!.postMessage(done satisfies Done);
    }
    const { handleContent } = await api;
    const request = new Request("https://site.example/api/content", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Sec-Fetch-Site": "same-origin",
        "Cf-Access-Jwt-Assertion": assertion,
      },
      body: JSON.stringify({ action, params: { branch: "main", ...params } }),
    });
    const start = process.threadCpuUsage();
    const response = await handleContent(request, env);
    const body = (await response.json()) as Record<string, unknown>;
    const { user, system } = process.threadCpuUsage(start);
    parentPort!.postMessage({ status: response.status, cpu: (user + system) / 1000, body } satisfies Done);
  });
} else void main();

async function main() {
  const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 7;
  const EDITOR = "ben@firm.example";

  /** A fresh Worker: a thread with its own module graph, so nothing is cached. */
  function isolate() {
    const thread = new Worker(__filename, { execArgv: ["--import", "tsx"] });
    let answered: ((done: Done) => void) | undefined;
    thread.on("message", (message: Done | Call) => {
      if (!("port" in message)) return answered?.(message);
      const { url, method, headers, body, port } = message;
      void fetch(url, { method, headers, body }).then(async (r) =>
        port.postMessage({ status: r.status, text: await r.text() }),
      );
    });
    thread.on("error", (error) => {
      throw error;
    });
    const send = (job: Job) =>
      new Promise<Done>((resolve) => {
        answered = resolve;
        thread.postMessage(job);
      });
    return { send, stop: () => thread.terminate() };
  }

  /** The content at the model's limits: the unit suite's `most` variant, and 200 images in its media folder. */
  function limits(): string {
    // Named data/, as the variant's messages name its files.
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-")), "data");
    execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["e2e/tools/limit-suite.ts", "most", dir], {
      cwd: root,
    });
    const images = path.join(dir, "images");
    const [sample] = fs.readdirSync(images).filter((name) => name.endsWith(".jpg"));
    const bytes = fs.readFileSync(path.join(images, sample));
    // Each its own blob: the bytes after a JPEG's end are ignored by its readers.
    for (let i = fs.readdirSync(images).length; i < 200; i++) {
      fs.writeFileSync(path.join(images, `photo-${i}.jpg`), Buffer.concat([bytes, Buffer.from(String(i))]));
    }
    return dir;
  }

  /** The portrait at its largest allowed size: a progressive photo-like JPEG just under the upload limit. */
  async function largestPortrait(): Promise<Buffer> {
    const { default: sharp } = await import("sharp");
    const { IMAGE_MAX_BYTES } = await import("../../src/content/images");
    const [width, height] = [2400, 3000];
    const noise = Buffer.alloc(width * height * 3).map((_, i) => (i * 7919 + (i >> 9)) % 251);
    for (let quality = 95; ; quality -= 5) {
      const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } })
        .jpeg({ quality, progressive: true })
        .toBuffer();
      if (jpeg.length <= IMAGE_MAX_BYTES) return jpeg;
    }
  }
  const portrait = await largestPortrait();

  async function measure(name: string, dataDir: string) {
    const standIn: ContentStandIn = await startContentStandIn("firm/site", dataDir);
    const env = { ...standInSettings(standIn), CMS_EDITORIAL_WORKFLOW: "true" };
    const assertion = await standIn.assertion(EDITOR);
    const services = fs.readdirSync(path.join(dataDir, "services")).map((f) => `data/services/${f}`);
    const pages = fs.readdirSync(dataDir).filter((f) => f.endsWith(".yaml"));
    let n = 0;
    /** The params of a draft save of the first service with a new title, against its version now. */
    const draft = () => {
      const [file] = services;
      const slug = path.basename(file, ".yaml");
      const branch = `cms/services/${slug}`;
      const text = standIn.file(file, branch) ?? standIn.file(file)!;
      const raw = stringify({ ...parse(text), title: `Title ${++n}` });
      const sha = execFileSync("git", ["hash-object", "--stdin"], { input: text, encoding: "utf8" }).trim();
      const options = { useWorkflow: true, collectionName: "services", status: "pending_publish" };
      return {
        dataFiles: [{ path: file, slug, raw }],
        options,
        versions: { [file]: sha },
        collection: "services",
        slug,
      };
    };
    const actions: [string, string, () => object][] = [
      ["open: info", "info", () => ({})],
      ["list the services", "entriesByFolder", () => ({ folder: "data/services", extension: "yaml" })],
      ["read the pages", "entriesByFiles", () => ({ files: pages.map((p) => ({ path: `data/${p}` })) })],
      ["list the media", "getMedia", () => ({ mediaFolder: "data/images" })],
      ["save a draft", "persistEntry", draft],
      ["publish it", "publishUnpublishedEntry", () => ({ ...draft(), head: "" })],
      [
        `judge the portrait (${(portrait.length / 2 ** 20).toFixed(1)} MB)`,
        "judge",
        () => ({ content: portrait.toString("base64") }),
      ],
      // Each a new file: its bytes differ after the JPEG's end, which its readers ignore, so no judgement is kept.
      [
        "upload it",
        "persistMedia",
        () => ({
          asset: {
            path: `data/images/portrait-${++n}.jpg`,
            content: Buffer.concat([portrait, Buffer.from(String(n))]).toString("base64"),
          },
        }),
      ],
    ];
    const rows: string[] = [];
    for (const [label, action, params] of actions) {
      const run = async (api: ReturnType<typeof isolate>) => {
        let job = params();
        if (action === "publishUnpublishedEntry") {
          const saved = await api.send({ env, assertion, action: "persistEntry", params: draft() });
          job = { ...job, head: saved.body.head };
        }
        const before = standIn.requests.length + standIn.keyFetches;
        const done = await api.send({ env, assertion, action, params: job });
        if (done.status !== 200) throw new Error(`${label}: ${done.status} ${JSON.stringify(done.body)}`);
        return { cpu: done.cpu, calls: standIn.requests.length + standIn.keyFetches - before };
      };
      const cold = isolate();
      const first = await run(cold);
      await cold.stop();
      const warm = isolate();
      const times: number[] = [];
      let calls = 0;
      for (let i = 0; i < rounds + 2; i++) {
        const result = await run(warm);
        if (i >= 2) times.push(result.cpu);
        calls = result.calls;
      }
      await warm.stop();
      const median = times.sort((a, b) => a - b)[times.length >> 1];
      rows.push(`| ${name} | ${label} | ${first.calls} | ${first.cpu.toFixed(1)} | ${calls} | ${median.toFixed(1)} |`);
    }
    await standIn.close();
    return rows;
  }

  const limitsDir = limits();
  try {
    const rows = [...(await measure("today", path.join(root, "data"))), ...(await measure("limits", limitsDir))];
    console.log("| content | request | subrequests, cold | CPU ms, cold | subrequests, warm | CPU ms, warm (median) |");
    console.log("|---|---|---|---|---|---|");
    console.log(rows.join("\n"));
  } finally {
    fs.rmSync(path.dirname(limitsDir), { recursive: true, force: true });
  }
}
