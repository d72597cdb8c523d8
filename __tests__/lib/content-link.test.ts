import { contentHref } from "../../src/lib/content-link";

test.each([
  "https://www.linkedin.com/company/example",
  "mailto:office@example.com",
  "tel:+13105550142",
  "  https://www.example.com/page?x=1  ",
])("%j becomes a link to itself, trimmed", (address) => {
  expect(contentHref(address)).toBe(address.trim());
});

test.each([
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<b>x</b>",
  "vbscript:x",
  "http://www.example.com/",
  "https:evil.example/path",
  "/about/",
  "www.example.com",
  "",
])("%j is no link", (address) => {
  expect(contentHref(address)).toBeNull();
});
