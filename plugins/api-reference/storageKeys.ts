/**
 * The localStorage keys of the API reader's choices (see ./theme/preferences.ts). Plain constants, so the
 * build (./headTags.ts) can use them without loading React.
 *
 * The classic theme's Tabs keep a `groupId`'s choice under `docusaurus.tab.<groupId>`; the API
 * recipes use `groupId="api-recipe-language"`, so the reference's tabs share their key and values.
 */
export const LANGUAGE_KEY = 'docusaurus.tab.api-recipe-language';
export const INSTANCE_KEY = 'lightdash-docs.api-instance';

/** The style element ./headTags.ts adds before hydration, removed by CodeSamples after. */
export const LANGUAGE_STYLE_ID = 'api-language-style';
