// Types of the generated validator (lightdash0_1410Cli.mjs, written by scripts/build-yaml-validator.mjs).
import type {DbtYamlValidator} from './validateDbtYaml.mjs';

/** The released Lightdash's lightdash-dbt-2.0.json as its CLI compiles it (`coerceTypes`: it changes the data it checks). */
export declare const validate: DbtYamlValidator;
export default validate;
