import React, {type ReactNode} from 'react';
import Footer from '@theme-original/DocItem/Footer';
import PageFeedback from '@site/src/components/PageFeedback';

/** Wraps the docs footer (tags, edit link, last updated) to put the feedback widget above it on every docs page. */
export default function FooterWrapper(): ReactNode {
  return (
    <>
      <PageFeedback />
      <Footer />
    </>
  );
}
