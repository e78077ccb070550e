// Types of the generated validator (validateDbtYaml.mjs, written by scripts/build-yaml-validator.mjs).
import type {ErrorObject} from 'ajv';

export interface DbtYamlValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export declare const validate: DbtYamlValidator;
export default validate;
/** static/schemas/lightdash-dbt.json, as the validator was built from it. */
export declare const schema: Record<string, unknown>;
