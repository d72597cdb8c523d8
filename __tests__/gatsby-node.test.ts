/**
 * The service pages (gatsby-node.ts) and the content model plugin (plugins/content-model), driven with fake Gatsby APIs.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import fs from "fs";
import path from "path";
import type { GatsbyNode } from "gatsby";
import { createPages } from "../gatsby-node";
import { createResolvers, createSchemaCustomization, onPreBootstrap } from "../plugins/content-model/gatsby-node";
import { contentTypeDefs } from "../src/content/schema-to-graphql";
import { servicePath } from "../src/lib/paths";
import * as validate from "../src/content/validate";
import type { ContentError } from "../src/content/rules";
import { EXAMPLE_FORM_ENDPOINT } from "../src/content/form-endpoint";
import { PROJECT_ROOT, loadServices } from "./helpers/content.cjs";

type CreatePagesArgs = Parameters<NonNullable<GatsbyNode["createPages"]>>;
type PreBootstrapArgs = Parameters<NonNullable<GatsbyNode["onPreBootstrap"]>>;
type CreateResolversArgs = Parameters<NonNullable<GatsbyNode["createResolvers"]>>;
type SchemaArgs = Parameters<NonNullable<GatsbyNode["createSchemaCustomization"]>>;

const SERVICE_TEMPLATE = path.join(PROJECT_ROOT, "src", "templates", "service.tsx");
/** The services of data/ as createPages queries them: each node's id and its derived path. */
const SERVICES = loadServices(path.join(PROJECT_ROOT, "data")).map((service, i) => ({
  id: `id-${i}`,
  path: String(service.path),
}));

function fakeReporter() {
  return { panic: jest.fn(), panicOnBuild: jest.fn(), warn: jest.fn(), info: jest.fn(), error: jest.fn() };
}

async function runCreatePages(result: { data?: Queries.ServicePagesQuery; errors?: unknown[] }) {
  const graphql = jest.fn().mockResolvedValue(result);
  const createPage = jest.fn();
  const reporter = fakeReporter();
  const args = { graphql, actions: { createPage }, reporter } as unknown as CreatePagesArgs[0];
  await createPages?.(args, { plugins: [] }, () => undefined);
  return { graphql, createPage, reporter };
}

function runPreBootstrap() {
  const reporter = fakeReporter();
  onPreBootstrap?.(...([{ reporter }, { plugins: [] }, () => undefined] as unknown as PreBootstrapArgs));
  return reporter;
}

const savedEndpoint = process.env.FORM_ENDPOINT;
beforeEach(() => {
  delete process.env.FORM_ENDPOINT;
});
afterEach(() => {
  if (savedEndpoint === undefined) delete process.env.FORM_ENDPOINT;
  else process.env.FORM_ENDPOINT = savedEndpoint;
  jest.restoreAllMocks();
});

describe("createPages", () => {
  test("creates one page per service at its derived path, all from the one service template, with { id }", async () => {
    const { graphql, createPage, reporter } = await runCreatePages({
      data: { allServiceYaml: { nodes: SERVICES } },
    });
    expect(graphql).toHaveBeenCalledTimes(1);
    expect(String(graphql.mock.calls[0][0])).toMatch(/allServiceYaml[\s\S]*id[\s\S]*path/);
    expect(createPage.mock.calls.map(([page]) => page)).toEqual(
      SERVICES.map(({ id, path }) => ({ path, component: SERVICE_TEMPLATE, context: { id } })),
    );
    expect(fs.existsSync(SERVICE_TEMPLATE)).toBe(true);
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
  });

  test("another service yields another page", async () => {
    const nodes = [...SERVICES, { id: "id-new", path: servicePath("valuation-training") }];
    const { createPage } = await runCreatePages({ data: { allServiceYaml: { nodes } } });
    expect(createPage).toHaveBeenCalledTimes(SERVICES.length + 1);
    expect(createPage).toHaveBeenLastCalledWith({
      path: servicePath("valuation-training"),
      component: SERVICE_TEMPLATE,
      context: { id: "id-new" },
    });
  });

  test("a GraphQL error stops the build (panicOnBuild) and creates no page", async () => {
    const errors = [new Error("Cannot query field slug on type ServiceYaml")];
    const { createPage, reporter } = await runCreatePages({ errors });
    expect(reporter.panicOnBuild).toHaveBeenCalledTimes(1);
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(expect.stringContaining("data/services/"), errors);
    expect(createPage).not.toHaveBeenCalled();
  });

  test("errors alongside data still stop the build and create nothing", async () => {
    const { createPage, reporter } = await runCreatePages({
      data: { allServiceYaml: { nodes: SERVICES } },
      errors: [new Error("partial failure")],
    });
    expect(reporter.panicOnBuild).toHaveBeenCalledTimes(1);
    expect(createPage).not.toHaveBeenCalled();
  });
});

describe("onPreBootstrap", () => {
  test("an http FORM_ENDPOINT stops the build with a message naming FORM_ENDPOINT and the value", () => {
    process.env.FORM_ENDPOINT = "http://insecure.example";
    const reporter = runPreBootstrap();
    expect(reporter.panic).toHaveBeenCalledTimes(1);
    const message = String(reporter.panic.mock.calls[0][0]);
    expect(message).toContain("FORM_ENDPOINT");
    expect(message).toContain("http://insecure.example");
    expect(reporter.warn).not.toHaveBeenCalled();
  });

  test("the example endpoint builds, with one warning that explains how to set a real one", () => {
    process.env.FORM_ENDPOINT = EXAMPLE_FORM_ENDPOINT;
    const reporter = runPreBootstrap();
    expect(reporter.panic).not.toHaveBeenCalled();
    expect(reporter.warn).toHaveBeenCalledTimes(1);
    const warning = String(reporter.warn.mock.calls[0][0]);
    expect(warning).toContain("FORM_ENDPOINT");
    expect(warning).toContain("data/contact.yaml");
  });

  test("a real https endpoint and valid content build silently", () => {
    process.env.FORM_ENDPOINT = "https://forms.example.com/f/abc123";
    const reporter = runPreBootstrap();
    expect(reporter.panic).not.toHaveBeenCalled();
    expect(reporter.warn).not.toHaveBeenCalled();
  });

  test("broken content stops the build with every problem, grouped by file", () => {
    process.env.FORM_ENDPOINT = "https://forms.example.com/f/abc123";
    const errors: ContentError[] = [
      { file: "data/home.yaml", path: "title", line: 3, message: "is required but missing" },
      { file: "data/firm.yaml", path: "founded", line: 9, message: "must be a whole number" },
    ];
    jest.spyOn(validate, "checkFiles").mockReturnValue({ errors, content: { files: {}, services: [] } });
    const reporter = runPreBootstrap();
    expect(jest.mocked(validate.checkFiles).mock.calls[0][0].display("firm.yaml")).toBe("data/firm.yaml");
    expect(reporter.panic).toHaveBeenCalledWith(validate.formatContentErrors(errors));
  });
});

describe("createResolvers", () => {
  interface Resolvers {
    ServiceYaml: { path: { resolve: (source: { slug: string }, args: object, context: object) => Promise<string> } };
    FirmPhone: { dial: { resolve: (source: { display: string }, args: object, context: object) => Promise<string> } };
    ContactForm: { endpoint: { resolve: (source: { endpoint?: string }) => string } };
  }
  function resolvers(): Resolvers {
    const register = jest.fn();
    createResolvers?.(
      ...([{ createResolvers: register }, { plugins: [] }, () => undefined] as unknown as CreateResolversArgs),
    );
    return register.mock.calls[0][0] as Resolvers;
  }

  /** The node model as a resolver sees it, holding a firm whose office is in the US. */
  const context = { nodeModel: { findOne: async () => ({ address: { country: "US" } }) } };

  test("a service's path follows the site's rule (src/lib/paths.ts)", async () => {
    await expect(resolvers().ServiceYaml.path.resolve({ slug: "valuation-training" }, {}, context)).resolves.toBe(
      servicePath("valuation-training"),
    );
  });

  test("the number to dial is worked out with the firm's country, as every other reader does", async () => {
    await expect(resolvers().FirmPhone.dial.resolve({ display: "(310) 555-0142" }, {}, context)).resolves.toBe(
      "+13105550142",
    );
  });

  test("the form posts to FORM_ENDPOINT when set, else to the YAML value", () => {
    const { resolve } = resolvers().ContactForm.endpoint;
    expect(resolve({ endpoint: "https://forms.example.com/f/yaml" })).toBe("https://forms.example.com/f/yaml");
    process.env.FORM_ENDPOINT = " https://forms.example.com/f/env ";
    expect(resolve({ endpoint: "https://forms.example.com/f/yaml" })).toBe("https://forms.example.com/f/env");
  });
});

describe("createSchemaCustomization", () => {
  test("declares the types generated from the content directory's JSON Schemas, never inferred", async () => {
    const createTypes = jest.fn();
    await createSchemaCustomization?.(
      ...([{ actions: { createTypes } }, { plugins: [] }, () => undefined] as unknown as SchemaArgs),
    );
    expect(createTypes).toHaveBeenCalledTimes(1);
    const typeDefs = createTypes.mock.calls[0][0] as string;
    expect(typeDefs).toBe(contentTypeDefs(path.join(PROJECT_ROOT, "data")));
    for (const type of ["LayoutYaml", "FirmYaml", "HomeYaml", "AboutYaml", "ServicesPageYaml", "ContactYaml"]) {
      expect(typeDefs).toContain(`type ${type} implements Node @dontInfer {`);
    }
    expect(typeDefs).toContain("type ServiceYaml implements Node @dontInfer {");
    expect(typeDefs).toContain("type NotFoundYaml implements Node @dontInfer {");
  });
});
