import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Server module boundaries. Under src/server/features a module reaches another only through its
 * services: no file imports another feature folder's `*.repository.ts` (its SQL). `*.table.ts` files
 * hold only row types and may be imported (always `import type`, erased at build). Dependencies run
 * one way, ingest → notifications → sessions/websites: none of those three imports ingest, sessions and websites
 * import no notifications code, and other features reach notifications only through its entry for
 * ingestion (`notify-matching-alerts.ts`) and its services.
 */
const FEATURES = path.resolve('src/server/features');
const featureFolders = fs
  .readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const inFeature = (name, glob = '**/*') => `${FEATURES}/${name}/${glob}`;
const serverBoundaries = {
  files: ['src/server/**/*.ts'],
  plugins: { import: importPlugin },
  settings: { 'import/resolver': { node: { extensions: ['.ts'] } } },
  rules: {
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          ...featureFolders.map((name) => ({
            target: inFeature(name),
            from: inFeature('*', '**/*.repository.ts'),
            except: [inFeature(name, '**')],
            message: 'Reach another feature through its service, never its repository.',
          })),
          {
            target: inFeature('{notifications,sessions,websites}'),
            from: inFeature('ingest'),
            message: 'Ingestion calls notifications, sessions and websites, not the reverse.',
          },
          {
            target: inFeature('{sessions,websites}'),
            from: inFeature('notifications'),
            message: 'Notifications depend on sessions and websites, not the reverse.',
          },
          {
            target: inFeature('!(notifications)'),
            from: inFeature('notifications'),
            except: [inFeature('notifications', '{notify-matching-alerts,**/*.service,**/*.table}.ts')],
            message: 'Reach notifications through notifyMatchingAlerts or its services.',
          },
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
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  serverBoundaries,
);
