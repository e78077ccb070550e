import React, {useEffect, type ReactNode} from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';

/**
 * Docusaurus hides the bar before hydration when a dismissal is stored, and never lifts that
 * when the stored dismissal belonged to an older announcement id: the new announcement stayed
 * hidden until the next page load. Lift it as soon as the bar is active.
 */
export default function AnnouncementBarWrapper(): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
  }, [isActive]);
  return <AnnouncementBar />;
}
