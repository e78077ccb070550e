/**
 * The Prism instance of the site: Prism's core and the grammars our pages use, nothing else.
 *
 * prism-react-renderer ships its own Prism with ~20 grammars, registered when its module is
 * evaluated. Every `insertBefore` walks all grammars registered so far, so that start-up cost
 * ~55 ms of main-thread time on every page of a throttled phone, for languages we never show.
 * plugins/light-prism points `prism-react-renderer` at ./index.ts. Add a grammar here (and to
 * LANGUAGES) when a page starts using a new fence language; tests/unit/prism.test.ts fails until then.
 */
import Prism from 'prismjs/components/prism-core';
// Order matters: a grammar comes after the ones it extends (markdown and javascript need markup
// and clike).
import 'prismjs/components/prism-markup';
// CSS inside html's style attributes and <style> elements.
import 'prismjs/components/prism-css';
import 'prismjs/components/prism-css-extras';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-javascript';
// Finer JavaScript tokens (property access, control flow, known classes), as prism-react-renderer has.
import 'prismjs/components/prism-js-extras';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-go';
import 'prismjs/components/prism-json';
import 'prismjs/components/prism-markdown';
import 'prismjs/components/prism-nginx';
import 'prismjs/components/prism-python';
import 'prismjs/components/prism-sql';
import 'prismjs/components/prism-yaml';

// Prism's core highlights every `code.language-*` element of the document once it is ready unless
// told not to; React owns those elements. The flag is read when that callback runs, after this line.
Prism.manual = true;
// The grammars above register themselves on the global Prism; nothing needs it once they have.
delete (globalThis as {Prism?: unknown}).Prism;

/** Fence languages with a grammar, aliases included (`js`, `sh`, `html`, `yml`, ...). */
export const LANGUAGES: readonly string[] = Object.keys(Prism.languages).filter(
  (key) => typeof Prism.languages[key] === 'object',
);

export default Prism;
