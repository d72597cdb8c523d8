/**
 * SITE_URL, the build's canonical origin: the firm's own domain by default, and a wrong value stops the build with a
 * message that names the variable.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import { checkContent } from "../src/content/check";
import { DEFAULT_SITE_URL, siteUrlFrom } from "../src/content/form-endpoint";
import { DATA_DIR } from "./helpers/content.cjs";

test("without SITE_URL, the firm's own domain; with it, the value, without a trailing slash", () => {
  expect(siteUrlFrom({})).toEqual({ value: DEFAULT_SITE_URL, problem: null });
  expect(siteUrlFrom({ SITE_URL: " " }).value).toBe(DEFAULT_SITE_URL);
  expect(siteUrlFrom({ SITE_URL: "https://preview.example.com/" })).toEqual({
    value: "https://preview.example.com",
    problem: null,
  });
});

test.each(["www.example.com", "example", "ftp://example.com", "https://example.com/?x=1", "/relative"])(
  "SITE_URL=%s stops the build, naming SITE_URL",
  (value) => {
    expect(siteUrlFrom({ SITE_URL: value }).problem).toMatch(/^SITE_URL is ".*": it must be the site's address/);
    expect(checkContent(DATA_DIR, { env: { SITE_URL: value } }).failure).toContain(`SITE_URL is "${value}"`);
  },
);
