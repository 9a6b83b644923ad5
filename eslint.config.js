// @ts-check
import js from '@eslint/js';
import eslintPluginAstro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.astro/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The rules that need types, from the one tsconfig.json (projectService finds it for each file).
    // The content collections' types come from `astro sync`, which `npm run lint` runs first.
    files: ['**/*.{ts,tsx,mts}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  ...eslintPluginAstro.configs.recommended,
  ...eslintPluginAstro.configs['jsx-a11y-recommended'],
  {
    // An .astro file's <script> reaches ESLint as a virtual file (Foo.astro/1_1.ts) outside the
    // TypeScript program, where type-aware rules see no real types (they miss even a floating
    // promise): those scripts keep the syntax-only rules, as before.
    files: ['**/*.astro/*.{ts,js}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  { files: ['**/*.tsx'], ...jsxA11y.configs.recommended },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Unused arguments named `_x` are deliberate (handler signatures fixed by a contract).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  prettier,
);
