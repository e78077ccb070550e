/**
 * The YAML checker in a Web Worker, so that checking a large file (a quarter of a second or more for 10,000 lines:
 * bench-results/yaml-check.md) never blocks typing or scrolling on the page. It only answers
 * messages from the page that created it; it fetches nothing.
 */
import {checkDbtYaml} from '@site/src/lib/yamlCheck/checkYaml';
import {RELEASED_VERSION} from '@site/src/lib/releasedVersion.mjs';
import type {CheckRequest, CheckResponse} from './protocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CheckRequest>) => void) | null;
  postMessage: (message: CheckResponse) => void;
};

scope.onmessage = (event) => {
  const {id, text, version} = event.data;
  try {
    scope.postMessage({
      id,
      result: checkDbtYaml(String(text), {version: version === 'next' ? 'next' : RELEASED_VERSION}),
    });
  } catch (error) {
    scope.postMessage({id, error: error instanceof Error ? error.message : String(error)});
  }
};
