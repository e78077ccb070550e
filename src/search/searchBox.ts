/**
 * The navbar search box's behaviour around the plugin's box (src/theme/SearchBar wraps the plugin's
 * SearchBar and calls these): focus that the plugin must not take back, text typed before the box
 * settled.
 */
import {useEffect, type RefObject} from 'react';
import {peekEarlySearchText, takeEarlySearchText} from './earlySearchText';
import {MAX_QUERY_LENGTH} from './searchIndex';

const isSearchShortcut = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k';

/**
 * The plugin focuses its input once the index has loaded if the input had focus when loading began,
 * even when the reader has tabbed on since: focus jumps back to the box. Its `focus()` is ignored
 * from the moment focus leaves the box until the reader comes back (click, Tab or Ctrl/Cmd+K).
 */
export function useNoFocusTheft(container: RefObject<HTMLDivElement | null>, boxKey: number) {
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
 * Keeps what the reader typed while the box settles (./earlySearchText.ts). The plugin
 * empties its box more than once after mounting: it copies the page's `_highlight` terms (none) into it
 * once the page counts as in a browser, and autocomplete.js clears it as it attaches. Each frame until
 * then, a box whose value is not what the reader typed gets the typed text back, handed to the plugin's
 * state as typing does. The reader's own acts end it: leaving the box, a key other than a character,
 * a click elsewhere (the clear button).
 */
export function useEarlyText(container: RefObject<HTMLDivElement | null>) {
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
