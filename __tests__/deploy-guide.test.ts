/**
 * The deploy guide's Cloudflare Pages checklist names every variable the build and the content API read, each where it is
 * set: what the build reads (the functions may too) under Variables, what only the functions read under Functions.
 * @jest-environment node
 */
import fs from "fs";
import path from "path";

const root = path.resolve(__dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const guide = read("docs/deploy.md");
const checklist = guide.slice(guide.indexOf("## Cloudflare Pages"), guide.indexOf("## nginx"));
/** The checklist's row for `name`, as its cells. */
const row = (name: string) =>
  checklist
    .split("\n")
    .find((line) => line.startsWith("|") && line.split("|")[1].includes(`\`${name}\``))
    ?.split("|")
    .map((cell) => cell.trim());

test("every variable the build reads is in the Cloudflare Pages checklist, as a build variable", () => {
  // The build's variables as their readers name them: env.SITE_URL, FORM_ENDPOINT_ENV, value("CMS_…" or "SITE_…").
  const source = ["src/content/form-endpoint.ts", "src/content/editor-backend.ts"].map(read).join("\n");
  const named = /env\.(SITE_URL)\b|_ENV = "(FORM_ENDPOINT)"|value\("((?:CMS|SITE)_[A-Z_]+)"\)/g;
  const build = new Set([...source.matchAll(named)].map((match) => match.slice(1).find(Boolean)!));
  expect([...build].sort()).toEqual(expect.arrayContaining(["SITE_URL", "SITE_TIMEZONE"]));
  expect(build.size).toBeGreaterThan(5);
  for (const name of [...build, "NODE_VERSION", "NPM_CONFIG_OMIT"]) {
    expect([name, row(name)?.[2]]).toEqual([name, "Variables"]);
  }
});

test("the content API's settings: the build's too, but the secret, which only the functions see", () => {
  expect(row("GITHUB_APP_PRIVATE_KEY")?.[2]).toBe("Functions, **secret**");
  // The content API's variables (functions/_lib/content/settings.ts), which the build checks too.
  const settings = read("functions/_lib/content/settings.ts");
  const names = [...settings.matchAll(/env\.([A-Z_]+)/g)].map((match) => match[1]);
  expect(names).toContain("ACCESS_AUD");
  for (const name of new Set(names)) {
    if (name !== "GITHUB_APP_PRIVATE_KEY" && name !== "GITHUB_API_URL")
      expect([name, row(name)?.[2]]).toEqual([name, "Variables"]);
  }
});

test("the Worker route deploys with one command that builds the content model it bundles first", () => {
  const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
  expect(scripts["deploy:worker"]).toMatch(/^npm run build && wrangler deploy -c deploy\/wrangler\.toml$/);
  const section = guide.slice(guide.indexOf("### The editor on nginx"), guide.indexOf("## Other hosts"));
  expect(section).toContain("npm run deploy:worker");
  expect(section).toMatch(/run it again whenever `data\/schema\/`/);
});
