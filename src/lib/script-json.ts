/**
 * JSON for the inside of an HTML `<script>` element (JSON-LD, inline data, values in an inline script). An editor's
 * text may hold `</script>`, `<!--` or `<script`; written as plain JSON it would end the element or open a comment,
 * and whatever followed would become markup or code. Here `<`, `>` and `&` are written as JSON's unicode escapes, so
 * the element holds none of them; U+2028 and U+2029, line terminators in older JavaScript, are escaped too. The result
 * is still JSON: JSON.parse gives back exactly the value, the text as the editor typed it.
 */
const UNSAFE = /[<>&\u2028\u2029]/g;

const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

export function scriptJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new Error("scriptJson: the value has no JSON form");
  return json.replace(UNSAFE, escaped);
}
