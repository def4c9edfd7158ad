import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Every folder under src/web/features, read when linting starts so that a new feature is fenced at once. */
const webFeatures = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The dashboard's boundaries, checked on the resolved file an import points to. Imports run one way:
 * shared code (components/, lib/), then features, then the app; a feature never reaches into another,
 * and nothing in the browser reaches the server (both sides share only src/api). The test helpers render
 * with the app's providers, so they may import the app, but no feature.
 */
const webBoundaries = {
  files: ['src/web/**/*.{ts,tsx}'],
  plugins: { import: importPlugin },
  settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
  rules: {
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          {
            target: './src/web',
            from: './src/server',
            message: 'The dashboard never imports server code; share it through src/api.',
          },
          {
            target: ['./src/web/components', './src/web/lib'],
            from: ['./src/web/features', './src/web/app'],
            message: 'Shared code never imports a feature or the app; move what both need into components/ or lib/.',
          },
          {
            target: './src/web/test',
            from: './src/web/features',
            message: 'Test helpers never import a feature; fixtures of a feature live in its own test/ folder.',
          },
          {
            target: './src/web/features',
            from: './src/web/app',
            message: 'A feature never imports the app; the app imports features.',
          },
          ...webFeatures.map((feature) => ({
            target: `./src/web/features/${feature}`,
            from: './src/web/features',
            except: [`./${feature}`],
            message: `features/${feature} never imports another feature; what both need belongs in components/ or lib/.`,
          })),
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/api/client/**', 'bench/.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  webBoundaries,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);
