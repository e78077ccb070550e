import React, {useCallback, useEffect, useRef, useState, type ReactNode, type RefObject} from 'react';
import SearchBar from '@theme-original/SearchBar';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useLocation} from '@docusaurus/router';
import {useActivePlugin, useActiveVersion} from '@docusaurus/plugin-content-docs/client';
import {searchIndexUrl} from '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';
import {searchContextByPaths} from '@generated/@easyops-cn/docusaurus-search-local/default/generated.js';
import SearchIndexNotice from '@site/src/components/SearchIndexNotice';
import {peekEarlySearchText, takeEarlySearchText} from '@site/src/clientModules/earlySearchText';
import {indexHealthInWorker} from '@site/src/search/searchIndexCheck';
import {checkSearchIndex, MAX_QUERY_LENGTH} from '@site/src/search/searchIndex';

type ContextPath = string | {path: string};

const isSearchShortcut = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k';

/**
 * The plugin focuses its input once the index has loaded if the input had focus when loading began,
 * even when the reader has tabbed on since: focus jumps back to the box. Its `focus()` is ignored
 * from the moment focus leaves the box until the reader comes back (click, Tab or Ctrl/Cmd+K).
 */
function useNoFocusTheft(container: RefObject<HTMLDivElement | null>, boxKey: number) {
  useEffect(() => {
    const input = container.current?.querySelector('input');
    if (!input) return undefined;
    let readerLeft = false;
    let parentWhenLeft: Node | null = null;
    const onFocusOut = (e: FocusEvent) => {
      if (container.current?.contains(e.relatedTarget as Node | null)) return;
      readerLeft = true;
      parentWhenLeft = input.parentNode;
    };
    // Once the index has loaded, the plugin wraps the box in an element of its own. Moving the box
    // drops its focus though the reader went nowhere (nothing else has focus): give it back, or a
    // Ctrl+K pressed before the index loaded would leave the reader with no box to type in.
    const boxMoved = new MutationObserver(() => {
      const focusIsNowhere = document.activeElement === null || document.activeElement === document.body;
      if (readerLeft && input.isConnected && input.parentNode !== parentWhenLeft && focusIsNowhere) {
        readerLeft = false;
        HTMLElement.prototype.focus.call(input);
      }
    });
    if (container.current) boxMoved.observe(container.current, {childList: true, subtree: true});
    const onReturn = () => {
      readerLeft = false;
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      readerLeft = false;
      // The plugin's own shortcut listener can attach after hydration; the box takes focus either way.
      e.preventDefault();
      HTMLElement.prototype.focus.call(input);
    };
    input.maxLength = MAX_QUERY_LENGTH;
    input.focus = (options?: FocusOptions) => {
      if (!readerLeft) HTMLElement.prototype.focus.call(input, options);
    };
    input.addEventListener('focusout', onFocusOut);
    input.addEventListener('focusin', onReturn);
    input.addEventListener('pointerdown', onReturn);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      boxMoved.disconnect();
      delete (input as {focus?: unknown}).focus;
      input.removeEventListener('focusout', onFocusOut);
      input.removeEventListener('focusin', onReturn);
      input.removeEventListener('pointerdown', onReturn);
      document.removeEventListener('keydown', onKeyDown, true);
    };
    // A new box (boxKey) is a new input element to guard.
  }, [container, boxKey]);
}

/** How long after mounting the plugin may still empty its box (hydration, its `_highlight` copy, autocomplete). */
const SETTLE_MS = 10_000;

/**
 * Keeps what the reader typed while the box settles (src/clientModules/earlySearchText.ts). The plugin
 * empties its box more than once after mounting: it copies the page's `_highlight` terms (none) into it
 * once the page counts as in a browser, and autocomplete.js clears it as it attaches. Each frame until
 * then, a box whose value is not what the reader typed gets the typed text back, handed to the plugin's
 * state as typing does. The reader's own acts end it: leaving the box, a key other than a character,
 * a click elsewhere (the clear button).
 */
function useEarlyText(container: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const input = container.current?.querySelector('input');
    // Nothing typed and the reader elsewhere: nothing to keep.
    if (!input || (!peekEarlySearchText() && document.activeElement !== input)) {
      takeEarlySearchText();
      return undefined;
    }
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      takeEarlySearchText();
      input.removeEventListener('blur', stop);
      input.removeEventListener('keydown', onKey);
      container.current?.removeEventListener('pointerdown', onPointer, true);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key.length !== 1 && event.key !== 'Backspace') stop();
    };
    const onPointer = (event: Event) => {
      if (event.target !== input) stop();
    };
    const timer = setTimeout(stop, SETTLE_MS);
    const check = () => {
      const text = peekEarlySearchText();
      if (text && input.value !== text) {
        // React fires onChange only for a value other than the one it last saw: the element's own
        // setter tells React the box is empty, the prototype's puts the text in without telling it,
        // and the input event reports the change.
        input.value = '';
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
        input.dispatchEvent(new Event('input', {bubbles: true}));
      }
      frame = requestAnimationFrame(check);
    };
    input.addEventListener('blur', stop);
    input.addEventListener('keydown', onKey);
    container.current?.addEventListener('pointerdown', onPointer, true);
    frame = requestAnimationFrame(check);
    return stop;
  }, [container]);
}

/**
 * Wrapper: when the index behind the box cannot be loaded, the plugin's box spins forever. On the
 * reader's first focus, check the same index (the plugin's version URL and context rules) and say
 * so when it is unavailable. While it is, every focus checks again (the worker asks anew for an index
 * that failed), and when the browser comes back online the plugin's box starts afresh: it keeps a
 * failed load as "loading" and would never ask again.
 */
export default function SearchBarWrapper(props: Record<string, unknown>): ReactNode {
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const {pathname} = useLocation();
  const version = useActiveVersion(useActivePlugin()?.pluginId);
  const versionUrl = version && !version.isLast ? `${version.path}/` : baseUrl;
  const [problem, setProblem] = useState<{reason: string; partial?: boolean} | null>(null);
  const [checked, setChecked] = useState('');
  const [attempt, setAttempt] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  useNoFocusTheft(container, attempt);
  useEarlyText(container);

  const check = useCallback(() => {
    const uri = pathname.startsWith(versionUrl) ? pathname.slice(versionUrl.length) : '';
    const context =
      (searchContextByPaths as ContextPath[] | null)
        ?.map((c) => (typeof c === 'string' ? c : c.path))
        .find((p) => uri === p || uri.startsWith(`${p}/`)) ?? '';
    const key = `${versionUrl}|${context}`;
    if (key === checked && !problem) return;
    setChecked(key);
    void checkSearchIndex(versionUrl, context, searchIndexUrl, window.location.origin, fetch, indexHealthInWorker).then(
      (h) => setProblem(h.ok ? null : h),
    );
  }, [pathname, versionUrl, checked, problem]);

  useEffect(() => {
    if (!problem) return undefined;
    const onOnline = () => {
      setProblem(null);
      setChecked('');
      setAttempt((n) => n + 1);
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [problem]);

  return (
    <div ref={container} style={{position: 'relative'}} onFocus={check} onMouseEnter={check}>
      <SearchBar key={attempt} {...props} />
      {problem && <SearchIndexNotice reason={problem.reason} partial={problem.partial} compact />}
    </div>
  );
}
