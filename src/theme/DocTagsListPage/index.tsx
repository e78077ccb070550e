import React, {type ReactNode} from 'react';
import DocTagsListPage from '@theme-original/DocTagsListPage';
import type {Props} from '@theme/DocTagsListPage';
import {PageMetadata} from '@docusaurus/theme-common';

// Wrapper: the theme's tag list has a title but no description, which search engines and previews need.
export default function DocTagsListPageWrapper(props: Props): ReactNode {
  return (
    <>
      <PageMetadata description="Every tag used in the Lightdash documentation, with the pages that carry it." />
      <DocTagsListPage {...props} />
    </>
  );
}
