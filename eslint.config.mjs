import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {ignores: ['build/', 'build-e2e/', '.docusaurus/', 'generated/', 'node_modules/', 'test-results/', 'bench-results/']},
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: {globals: {...globals.browser, ...globals.node}},
    plugins: {'react-hooks': reactHooks},
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Docusaurus plugins are loaded as CommonJS (jiti) and resolve their client modules with require.resolve.
      '@typescript-eslint/no-require-imports': ['error', {allow: ['^\\./client$']}],
    },
  },
);
