import React, {type ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import PageMarkdownActions from '@site/src/components/PageMarkdownActions';
import {markdownPathFor} from '@site/plugins/markdown-export/markdownPath';

type Props = WrapperProps<typeof ContentType>;

/** Wrapped, not ejected: every doc gets Copy page / View as Markdown just above its title (issue 11). */
export default function DocItemContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <PageMarkdownActions markdownUrl={markdownPathFor(metadata.permalink)} />
      <Content {...props} />
    </>
  );
}
