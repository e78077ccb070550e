/**
 * Text typed into the navbar search box before the search plugin's box has settled. On a phone the
 * box is on screen seconds before the scripts have run, and once mounted the plugin empties its box
 * (it copies the page's `_highlight` terms into it, none on most pages): what the reader had typed was
 * wiped, and no suggestion came until they typed again. This module runs before hydration and keeps
 * the box's text from then on, for ./searchBox.ts (useEarlyText) to put back until the box has settled.
 * A client module: docusaurus.config.ts lists it.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

const BOX = 'input.navbar__search-input';
let typed = '';
let recording = false;

function onInput(event: Event): void {
  const target = event.target;
  if (!(target instanceof HTMLInputElement && target.matches(BOX))) return;
  const {inputType, data} = event as InputEvent;
  // A letter typed into a box that code emptied since the last keystroke extends what was kept.
  if (inputType === 'insertText' && data && typed && !target.value.startsWith(typed)) typed += data;
  else typed = target.value;
}

/** The text typed so far (recording goes on). */
export function peekEarlySearchText(): string {
  return typed;
}

/** The text typed so far; recording stops (later calls give ''). */
export function takeEarlySearchText(): string {
  if (recording) document.removeEventListener('input', onInput, true);
  recording = false;
  const text = typed;
  typed = '';
  return text;
}

if (ExecutionEnvironment.canUseDOM) {
  typed = document.querySelector<HTMLInputElement>(BOX)?.value ?? '';
  document.addEventListener('input', onInput, true);
  recording = true;
}
