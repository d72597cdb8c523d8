/**
 * Text an editor types, serialised into an inline <script>: it can neither end the element nor open a comment, and it
 * parses back to exactly what was typed.
 */
import { scriptJson } from "../../src/lib/script-json";

const TYPED = [
  "United States</script><script>document.title='pwned'</script>",
  "</SCRIPT >",
  "<!-- not a comment -->",
  "<script>alert(1)</script>",
  "a\u2028line\u2029separator",
  `Fees & "quotes" <b>bold</b> 'single' \\ backslash`,
];

test.each(TYPED)("%j cannot end the element or open a comment, and parses back as typed", (text) => {
  const value = { name: text, nested: [text, { deeper: text }] };
  const json = scriptJson(value);
  expect(json).not.toMatch(/[<>&\u2028\u2029]/);
  expect(JSON.parse(json)).toEqual(value);
});

test("inside a real <script> element the text stays data: the document has one script and the text as typed", () => {
  const typed = TYPED[0];
  document.body.innerHTML = `<script type="application/ld+json">${scriptJson({ areaServed: typed })}</script><p>after</p>`;
  const scripts = document.querySelectorAll("script");
  expect(scripts).toHaveLength(1);
  expect(JSON.parse(scripts[0].textContent ?? "")).toEqual({ areaServed: typed });
  expect(document.querySelector("p")?.textContent).toBe("after");
});

test("a plain value comes out as JSON.stringify writes it", () => {
  expect(scriptJson({ a: 1, b: ["x", null, true] })).toBe(JSON.stringify({ a: 1, b: ["x", null, true] }));
});

test("a value with no JSON form is an error, not an empty script", () => {
  expect(() => scriptJson(undefined)).toThrow(/no JSON form/);
});
