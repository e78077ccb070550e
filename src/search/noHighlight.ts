/** Stands in for mark.js (see ./index.ts): the search plugin calls these; nothing is marked. */
export default class NoHighlight {
  constructor(readonly root: Element) {}

  mark(): void {}

  unmark(): void {}
}
