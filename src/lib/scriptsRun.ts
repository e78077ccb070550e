/**
 * How the site's styles for readers without JavaScript know that scripts run: the first inline script of every page
 * (the API reference's sample-language script and the warehouse-sql plugin's pre-paint script, both in <head>) sets
 * SCRIPTS_RUN_ATTRIBUTE on <html>, and the no-JavaScript rules apply only while it is absent. A <noscript><style> did
 * the same, but tools that turn a page's HTML into text (afdocs, search crawlers) read a <noscript>'s CSS as the
 * page's first words.
 */
export const SCRIPTS_RUN_ATTRIBUTE = 'data-js';

/** The selector prefix of a rule for readers without JavaScript. */
export const WITHOUT_SCRIPTS = `html:not([${SCRIPTS_RUN_ATTRIBUTE}])`;

/** The start of each head script: marks that scripts run (its own try, so nothing after it depends on the DOM). */
export const MARK_SCRIPTS_RUN = `try{document.documentElement.setAttribute('${SCRIPTS_RUN_ATTRIBUTE}','')}catch(e){}`;
