// Types of the generated validators (lightdash0_1410Metadata.mjs, written by scripts/build-yaml-validator.mjs).
import type {DbtYamlValidator} from './validateDbtYaml.mjs';

/** The released Lightdash's lightdashMetadata.json: a model's `meta`, as the backend checks it when it deploys. */
export declare const validateModelMeta: DbtYamlValidator;
/** The same for a column's `meta`. */
export declare const validateColumnMeta: DbtYamlValidator;
