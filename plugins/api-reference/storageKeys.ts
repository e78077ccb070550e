/**
 * Every key the API reference keeps in the browser's storage, in one place. Plain constants, so the
 * build (./headTags.ts) can use them without loading React. The stored names never change: a renamed
 * key would drop every returning reader's choice.
 *
 * In localStorage, the reader's choices (./theme/preferences.ts): the sample language and their instance.
 * The classic theme's Tabs keep a `groupId`'s choice under `docusaurus.tab.<groupId>`; the API
 * recipes use `groupId="api-recipe-language"`, so the reference's tabs share their key and values.
 */
export const LANGUAGE_KEY = 'docusaurus.tab.api-recipe-language';
export const INSTANCE_KEY = 'lightdash-docs.api-instance';

/** The style element ./headTags.ts adds before hydration, removed by CodeSamples after. */
export const LANGUAGE_STYLE_ID = 'api-language-style';

/**
 * In sessionStorage, the try-it console's (./theme/TryItConsole): the instance URL typed there, and the
 * API key only when the reader ticks the box to keep it. Tab-scoped, so the key never outlives the tab. Their
 * `lightdash-api-reference.` prefix predates the `lightdash-docs.` one above and is kept for that reason.
 */
export const TRY_IT_API_KEY_KEY = 'lightdash-api-reference.api-key';
export const TRY_IT_INSTANCE_URL_KEY = 'lightdash-api-reference.instance-url';
