import type {LightdashVersion, YamlCheckResult} from '@site/src/lib/yamlCheck/checkYaml';

/** The page asks the worker to check one text; `id` pairs the answer with the request. */
export interface CheckRequest {
  readonly id: number;
  readonly text: string;
  /** The docs version the page belongs to: the file is checked against what that Lightdash does. */
  readonly version: LightdashVersion;
}

export type CheckResponse =
  | {readonly id: number; readonly result: YamlCheckResult}
  | {readonly id: number; readonly error: string}
  /** Made by the page itself when a check runs past its budget and the worker is terminated. */
  | {readonly id: number; readonly stopped: string};
