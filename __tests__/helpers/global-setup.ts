// The module the build writes before anything imports it (plugins/content-model), written here the same way from the
// project's data/schema/: the content API and the editor's checks import its compiled validators.
import { writeCompiledSchemas } from "../../plugins/content-model/compiled-schemas";
import { loadSchemas } from "../../src/content/read-content";

export default function globalSetup({ rootDir }: { rootDir: string }): void {
  writeCompiledSchemas(loadSchemas(`${rootDir}/data`), rootDir);
}
