import { readdirSync } from 'node:fs';
import path from 'node:path';
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

/**
 * Server module boundaries. Under src/server/features a module reaches another only through its
 * services: no file imports another feature folder's `*.repository.ts` (its SQL). `*.table.ts` files
 * hold only row types and may be imported (always `import type`, erased at build). Dependencies run
 * one way, ingest → notifications → sessions/websites: none of those three imports ingest, sessions and websites
 * import no notifications code, and other features reach notifications only through its entry for
 * ingestion (`notify-matching-alerts.ts`) and its services.
 */
const FEATURES = path.resolve('src/server/features');
const featureFolders = readdirSync(FEATURES, { withFileTypes: true })
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
  webBoundaries,
  serverBoundaries,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);
