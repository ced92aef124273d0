// ESLint (flat config) with typescript-eslint's recommended rules; test/layering.test.ts runs it in `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-output/**', 'renderer/dist/**', '.lab/**', '.real-corpus/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (Express error middleware needs four parameters).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // PDF, JPEG and PNG parsers match NUL and other control bytes on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['test/**'],
    // Tests read response bodies as loose JSON; their shape is checked by the contract validator, not by types.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
