/**
 * Stands in for the classic theme's `prism-include-languages` client module (see
 * plugins/light-prism). That module runs on every page: it imports Prism to register
 * `additionalLanguages`, which we leave empty because src/lib/prism/grammars.ts registers ours.
 * Importing it put Prism, its grammars and prismjs's language catalogue (~100 KB) into the main
 * bundle, evaluated before any page could respond, code blocks or not. Without it, Prism loads
 * with the first code block's chunk.
 */
export {};
