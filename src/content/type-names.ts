/**
 * GraphQL type names of the YAML content files: every file in data/services/ is a `ServiceYaml`;
 * every other file is named after itself (data/home.yaml → `HomeYaml`, data/not-found.yaml → `NotFoundYaml`).
 */
export interface YamlFileRef {
  node: { relativeDirectory?: string; name: string };
}

export const SERVICES_DIRECTORY = "services";

export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join("");
}

export function yamlTypeName({ node }: YamlFileRef): string {
  if (node.relativeDirectory === SERVICES_DIRECTORY) return "ServiceYaml";
  return `${pascalCase(node.name)}Yaml`;
}
