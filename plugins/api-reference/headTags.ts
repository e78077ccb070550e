import type {HtmlTags} from '@docusaurus/types';
import {LANGUAGE_KEY, LANGUAGE_STYLE_ID} from './storageKeys';
import {SAMPLE_LANGUAGES} from './model/codeSamples';
import {MARK_SCRIPTS_RUN, WITHOUT_SCRIPTS} from '../../src/lib/scriptsRun';

/**
 * Runs before the first paint, like Docusaurus' colour-mode script. For a reader whose stored sample
 * language is not the default, it marks <html data-api-language> and adds a style that shows that
 * language's tab and panel while the page is still the server's HTML; nothing moves when React takes
 * over. The rules come with the script, not the site's CSS, so no other reader downloads them.
 * Anything else in storage is ignored. postbuild.mjs adds the script's hash to the
 * Content-Security-Policy, as for every inline script (inline styles are allowed).
 */
export function languageScript(storageKey: string): string {
  const others = SAMPLE_LANGUAGES.slice(1).join('|');
  return (
    // Marks that scripts run, so the no-JavaScript style (NOSCRIPT_STYLE) stands down.
    MARK_SCRIPTS_RUN +
    `try{var l=localStorage.getItem(${JSON.stringify(storageKey)});` +
    `if(/^(${others})$/.test(l)){document.documentElement.setAttribute('data-api-language',l);` +
    `var t='[data-tabs=language] [role=tab',s=document.createElement('style');s.id='${LANGUAGE_STYLE_ID}';` +
    `s.textContent=t+'panel]{display:none!important}'+t+'panel][data-tab='+l+']{display:block!important}'` +
    `+t+']{border-bottom-color:transparent!important}'+t+'][data-tab='+l+']{border-bottom-color:var(--ifm-color-primary)!important}';` +
    `document.head.appendChild(s)}}catch(e){}`
  );
}

/**
 * Without JavaScript the API pages' tabs cannot switch, so every panel is shown, one after the
 * other under its own label (./theme/Tabs), and the tab row is hidden (src/lib/scriptsRun.ts: while scripts
 * have not run).
 */
export const NOSCRIPT_STYLE =
  `${WITHOUT_SCRIPTS} [data-tabs] [role=tablist]{display:none}` +
  `${WITHOUT_SCRIPTS} [data-tabs] [role=tabpanel][hidden],${WITHOUT_SCRIPTS} [data-tabs] [data-noscript-label]{display:block!important}`;

/**
 * What the plugin adds to every page's <head>: the sample-language script and the no-JavaScript tab
 * style. Every page gets them, not only the API pages: the API recipes are docs pages with the same tabs.
 */
export function preferenceHeadTags(): HtmlTags {
  return [
    {tagName: 'script', innerHTML: languageScript(LANGUAGE_KEY)},
    {tagName: 'style', innerHTML: NOSCRIPT_STYLE},
  ];
}
