/**
 * The state behind a code block's word-wrap button, as the classic theme's `useCodeWordWrap` keeps
 * it, but measured in batches. The theme measures each block (`scrollWidth`) in its own effect;
 * hydration runs those effects in several passes with DOM writes between them, so a page of code
 * samples forced one layout per block (8 on an API operation page, ~80 ms at a phone's speed).
 * Here every block waiting to be measured is read in one animation frame, a single layout.
 */
import {useCallback, useEffect, useRef, useState} from 'react';
import type {useCodeWordWrap as useThemeCodeWordWrap} from '@docusaurus/theme-common/internal';

/** What the theme's code block components read from the word-wrap state. */
type WordWrap = ReturnType<typeof useThemeCodeWordWrap>;

const waiting = new Set<() => void>();
let frame = 0;

/** Runs `measure` in the next animation frame, together with every other block's. */
function measureSoon(measure: () => void): void {
  waiting.add(measure);
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    const batch = [...waiting];
    waiting.clear();
    // Reads only: the state updates they make render after the whole batch has been measured.
    for (const run of batch) run();
  });
}

export function useCodeWordWrap(): WordWrap {
  const codeBlockRef = useRef<HTMLPreElement>(null);
  const [isEnabled, setIsEnabled] = useState(false);
  const [isCodeScrollable, setIsCodeScrollable] = useState(false);

  const toggle = useCallback(() => {
    const code = codeBlockRef.current?.querySelector('code');
    if (!code) return;
    if (isEnabled) {
      code.removeAttribute('style');
    } else {
      code.style.whiteSpace = 'pre-wrap';
      // Break even a single long token, so a wrapped block never scrolls sideways.
      code.style.overflowWrap = 'anywhere';
    }
    setIsEnabled((enabled) => !enabled);
  }, [isEnabled]);

  useEffect(() => {
    const measure = () => {
      const pre = codeBlockRef.current;
      if (!pre) return;
      // A wrapped block keeps its button, so the reader can unwrap it.
      setIsCodeScrollable(
        pre.scrollWidth > pre.clientWidth || Boolean(pre.querySelector('code')?.hasAttribute('style')),
      );
    };
    const remeasure = () => measureSoon(measure);
    remeasure();
    window.addEventListener('resize', remeasure, {passive: true});
    // A block in a hidden tab has no width yet: measure it again when its tab is shown.
    const hiddenTab = codeBlockRef.current?.closest('[role=tabpanel][hidden]');
    const tabShown = hiddenTab
      ? new MutationObserver(() => {
          if (!hiddenTab.hasAttribute('hidden')) remeasure();
        })
      : undefined;
    if (hiddenTab) tabShown?.observe(hiddenTab, {attributes: true, attributeFilter: ['hidden']});
    return () => {
      waiting.delete(measure);
      window.removeEventListener('resize', remeasure);
      tabShown?.disconnect();
    };
  }, [isEnabled]);

  return {codeBlockRef, isEnabled, isCodeScrollable, toggle};
}
