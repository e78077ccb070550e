import type {YamlCheckResult} from '@site/src/lib/yamlCheck/checkYaml';

/** The page asks the worker to check one text; `id` pairs the answer with the request. */
export interface CheckRequest {
  readonly id: number;
  readonly text: string;
}

export type CheckResponse =
  {readonly id: number; readonly result: YamlCheckResult} | {readonly id: number; readonly error: string};
