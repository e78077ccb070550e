/**
 * The keys of the WAI-ARIA menu button pattern (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/),
 * as pure functions so they are unit-tested without a browser; the component applies the result.
 */

/** What a key press does: focus item `focus` (opening the menu first if needed), or close it. */
type MenuKeyResult =
  | {readonly focus: number}
  | {readonly close: 'return-focus'}
  /** Tab: the browser moves focus on as usual, and the menu closes behind it. */
  | {readonly close: 'let-focus-move'}
  | null;

/** A key on the menu button itself (Enter and Space are its ordinary click). */
export function buttonKey(key: string, itemCount: number): MenuKeyResult {
  if (key === 'ArrowDown') return {focus: 0};
  if (key === 'ArrowUp') return {focus: itemCount - 1};
  return null;
}

/**
 * A key inside the open menu, with item `current` focused. Arrows wrap round; a printable character
 * moves to the next item whose label starts with it (type-ahead), as menus of desktop apps do.
 */
export function menuKey(key: string, current: number, labels: readonly string[]): MenuKeyResult {
  const count = labels.length;
  switch (key) {
    case 'ArrowDown':
      return {focus: (current + 1) % count};
    case 'ArrowUp':
      return {focus: (current - 1 + count) % count};
    case 'Home':
    case 'PageUp':
      return {focus: 0};
    case 'End':
    case 'PageDown':
      return {focus: count - 1};
    case 'Escape':
      return {close: 'return-focus'};
    case 'Tab':
      return {close: 'let-focus-move'};
  }
  if (key.length !== 1 || key === ' ') return null;
  const letter = key.toLowerCase();
  for (let step = 1; step <= count; step++) {
    const index = (current + step) % count;
    if (labels[index].trim().toLowerCase().startsWith(letter)) return {focus: index};
  }
  return null;
}
