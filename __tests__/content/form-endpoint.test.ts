import {
  EXAMPLE_FORM_ENDPOINT,
  checkFormEndpoint,
  exampleEndpointWarning,
  resolveFormEndpoint,
} from "../../src/content/form-endpoint";

const YAML_VALUE = "https://forms.example.com/f/from-yaml";
const ENV_VALUE = "https://forms.example.com/f/from-env";

describe("resolveFormEndpoint", () => {
  test("FORM_ENDPOINT, when set, wins over the YAML value (trimmed) and is named as the source", () => {
    const resolved = resolveFormEndpoint(YAML_VALUE, { FORM_ENDPOINT: `  ${ENV_VALUE}\n` });
    expect(resolved.value).toBe(ENV_VALUE);
    expect(resolved.source).toContain("FORM_ENDPOINT");
    expect(resolved.source).not.toContain("contact.yaml");
  });

  test.each([
    ["unset", {}],
    ["empty", { FORM_ENDPOINT: "" }],
    ["blank", { FORM_ENDPOINT: "   " }],
  ])("with FORM_ENDPOINT %s, the YAML value (trimmed) is used and data/contact.yaml is the source", (_case, env) => {
    const resolved = resolveFormEndpoint(` ${YAML_VALUE} `, env);
    expect(resolved.value).toBe(YAML_VALUE);
    expect(resolved.source).toContain("data/contact.yaml");
    expect(resolved.source).toContain("form.endpoint");
  });

  test.each([undefined, null, 42])("a YAML value that is not text (%p) resolves to empty", (yamlValue) => {
    expect(resolveFormEndpoint(yamlValue, {}).value).toBe("");
  });

  test("reads process.env by default", () => {
    const saved = process.env.FORM_ENDPOINT;
    try {
      process.env.FORM_ENDPOINT = ENV_VALUE;
      expect(resolveFormEndpoint(YAML_VALUE)).toEqual(expect.objectContaining({ value: ENV_VALUE }));
      delete process.env.FORM_ENDPOINT;
      expect(resolveFormEndpoint(YAML_VALUE)).toEqual(expect.objectContaining({ value: YAML_VALUE }));
    } finally {
      if (saved === undefined) delete process.env.FORM_ENDPOINT;
      else process.env.FORM_ENDPOINT = saved;
    }
  });
});

describe("checkFormEndpoint", () => {
  const source = "the FORM_ENDPOINT environment variable";

  test.each(["https://formspree.io/f/abcd1234", "https://forms.example.com/submit?x=1", EXAMPLE_FORM_ENDPOINT])(
    "accepts the absolute https URL %s",
    (value) => {
      expect(checkFormEndpoint({ value, source })).toBeNull();
    },
  );

  test.each([
    ["http", "http://insecure.example", /http, not https/],
    ["a relative path", "/submit", /relative/],
    ["a relative path", "./x", /relative/],
    ["an empty value", "", /empty/],
    ["a malformed value", "not a url", /not a valid URL/],
    ["a malformed value", "https//x", /not a valid URL/],
    ["another scheme", "ftp://files.example.com/f", /ftp, not https/],
    ["credentials", "https://user:secret@forms.example.com/f", /user name or password/],
    // Its origin would go into every page's policy as `form-action https://formspree.io;sandbox`.
    ["a directive in the host", "https://formspree.io;sandbox/f/abcd1234", /host "formspree.io;sandbox"/],
    ["a wildcard host", "https://*.com/f/x", /host "\*\.com"/],
  ])("refuses %s: %j, naming the source and the value", (_kind, value, problem) => {
    const message = checkFormEndpoint({ value, source });
    expect(message).not.toBeNull();
    expect(message).toContain(source);
    expect(message).toContain(JSON.stringify(value));
    expect(message).toMatch(problem);
    expect(message).toContain("https://");
  });

  // A browser resolves action="https:formspree.io/f/abc" on an https page as a relative path of the site itself.
  test.each(["https:formspree.io/f/abc", "https:/formspree.io/f/abc"])(
    "refuses %j, which a browser on an https page treats as a relative address",
    (value) => {
      expect(new URL(value, "https://www.site.example/contact").host).toBe("www.site.example");
      expect(checkFormEndpoint({ value, source })).not.toBeNull();
    },
  );

  test("a refusal for a YAML value names the file", () => {
    const message = checkFormEndpoint(resolveFormEndpoint("/submit", {}));
    expect(message).toContain("data/contact.yaml");
    expect(message).toContain('"/submit"');
  });
});

describe("the shipped example endpoint", () => {
  test("only the example gets a warning, and it says how to fix it: FORM_ENDPOINT or data/contact.yaml", () => {
    expect(exampleEndpointWarning("https://formspree.io/f/abcd1234")).toBeNull();
    expect(exampleEndpointWarning("")).toBeNull();
    const warning = exampleEndpointWarning(EXAMPLE_FORM_ENDPOINT);
    expect(warning).toContain("FORM_ENDPOINT");
    expect(warning).toContain("data/contact.yaml");
    expect(warning).toContain(EXAMPLE_FORM_ENDPOINT);
  });
});
