/**
 * The classic theme's CodeBlock without its `key={String(isBrowser)}`, which re-mounted every code
 * block after hydration so that a reader in dark mode got dark colours. Our Highlight writes both
 * modes' colours into the markup (src/lib/prism/highlight.ts, `bothModes`), so the server's HTML is
 * already right and the re-mount (re-highlighting and rebuilding every block, the longest task of a
 * guide's start on a phone) is not needed.
 */
import React, {isValidElement, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import {useCodeTransform} from '@site/plugins/api-reference/theme';

/** A string when the children are only text, so the copy button has something to copy. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  // The API recipes show the reader's own instance (plugins/api-reference/theme/PersonaliseApiSamples.tsx).
  const transform = useCodeTransform();
  if (typeof children === 'string')
    return <StringContent {...props}>{transform ? transform(children) : children}</StringContent>;
  return <ElementContent {...props}>{children}</ElementContent>;
}
