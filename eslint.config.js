import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import doorstep from './eslint/import-boundaries.js';

/**
 * The one allowed direction between features (docs/architecture.md): a feature may import only features listed
 * after it, and only through their index.ts / index.server.ts. Add a new feature where its imports allow.
 */
export const FEATURE_ORDER = [
  'back-office',
  'navigation-editor',
  'form-builder',
  'branch-editor',
  'article-editor',
  'diary',
  'privacy',
  'site-settings',
  'lead-inbox',
  'listing-editor',
  'import',
  'account',
  'alerts',
  'forms',
  'valuation',
  'instant-valuation',
  'leads',
  'saved',
  'content',
  'search',
  'properties',
  'calculators',
  'media',
  'spam',
  'site',
  'consent',
  'flash',
  'address',
  'staff',
  'email',
];

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      'data/',
      'node_modules/',
      '.react-router/',
      'bench-data/',
      'test-results/',
      'public/legacy_asset_bundles/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // React rules only where React components live (test helpers named use* are not hooks).
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    // Layers: routes → features → components/lib → db (eslint/import-boundaries.js).
    files: ['app/**/*.{ts,tsx}'],
    plugins: { doorstep },
    rules: { 'doorstep/import-boundaries': ['error', { featureOrder: FEATURE_ORDER }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
