// The module the build writes beside this file (plugins/content-model/compiled-schemas.ts): the content model's
// schemas, and each one's validator compiled ahead, by file name; the editor's requests' validators, by action.
import type { ValidateFunction } from "ajv";
import type { Schemas } from "./model";

export const schemas: Schemas;
export const validators: Record<string, ValidateFunction>;
export const requestValidators: Record<string, ValidateFunction>;
