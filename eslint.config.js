// Lint rules, including the import boundaries that keep the pure core free of I/O.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = {
  group: ['node:*'],
  message: 'The pure core (site/, views/) never touches I/O: pass values in instead.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'demo/',
      'coverage/',
      'test/fixtures/',
      'test-results/',
      'bench/.engines/',
      'bench/.work/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] },
          ],
        },
      ],
    },
  },
  {
    files: ['src/site/**/*.ts', 'src/views/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            {
              group: ['**/delivery/**', '**/cli/**'],
              message: 'The core never depends on delivery or the CLI.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/config/**/*.ts', 'src/content/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/config/load-config.ts', 'src/content/read-sources.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...nodeBuiltins, message: 'Only load-config.ts and read-sources.ts read the disk.' },
            {
              group: ['**/site/**', '**/views/**', '**/delivery/**', '**/cli/**'],
              message: 'Loading sits first in the pipeline.',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
