/**
 * The classic theme's code block container, with the theme's plain colours for both modes instead
 * of the current mode's (see src/theme/CodeBlock/index.tsx). `--prism-color` and
 * `--prism-background-color`, which the theme's buttons and `<pre>` read, are set from these in
 * src/css/custom.css.
 */
import React, {type ComponentProps, type ElementType, type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames, useThemeConfig} from '@docusaurus/theme-common';
import {bothModes} from '@site/src/lib/prism/highlight';
import styles from './styles.module.css';

type Props<T extends ElementType> = {as: T} & ComponentProps<T>;

export default function CodeBlockContainer<T extends ElementType>({as: As, ...props}: Props<T>): ReactNode {
  const {prism} = useThemeConfig();
  const {color, backgroundColor} = prism.theme.plain;
  const dark = prism.darkTheme?.plain ?? prism.theme.plain;
  return (
    <As
      {...props}
      style={bothModes({color, backgroundColor}, {color: dark.color, backgroundColor: dark.backgroundColor})}
      className={clsx(props.className, styles.frame, ThemeClassNames.common.codeBlock)}
    />
  );
}
