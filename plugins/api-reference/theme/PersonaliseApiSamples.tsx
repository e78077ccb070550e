import React, {useCallback, type ReactNode} from 'react';
import {CodeTransform} from './codeTransform';
import {RECIPE_DEFAULTS, personalise, useInstance} from './preferences';

/** Code blocks inside show the reader's own instance and project, once they have set them. */
export default function PersonaliseApiSamples({children}: {readonly children: ReactNode}): ReactNode {
  const [instance] = useInstance();
  const transform = useCallback((code: string) => personalise(code, RECIPE_DEFAULTS, instance), [instance]);
  return <CodeTransform.Provider value={instance ? transform : null}>{children}</CodeTransform.Provider>;
}
