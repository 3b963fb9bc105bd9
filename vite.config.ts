/// <reference types="vitest/config" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { adminAliases, adminBundle, firstLoadGroups } from './server/clientBundle.js';
import { menuPinyin } from './server/clientPinyin.js';
import { lucidePaths } from './server/clientIcons.js';

const root = path.dirname(fileURLToPath(import.meta.url));
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
// tests/faults: kill -9 and restarts of the real server in child processes (issue 15). The quick files (one or two
// server starts, rows of a few seconds) run in `npm test`; all of them only with BANYAN_FAULTS=1 (`npm run faults`).
const withFaults = process.env.BANYAN_FAULTS === '1';
const quickFaults = ['tests/faults/storageFaults.test.ts', 'tests/faults/postgresRestart.test.ts', 'tests/faults/gracefulStop.test.ts', 'tests/faults/staticInPlaceWrites.test.ts'];
// tests/security: attack regressions and security headers, against the real app (issue 15).
const apiTests = ['tests/server/**/*.test.ts', 'tests/security/**/*.test.ts'];
const bundle = adminBundle();

export default defineConfig({
  root: path.join(root, 'src'),
  base: '/admin/',
  plugins: [react(), bundle, menuPinyin(), lucidePaths(root)],
  build: {
    outDir: process.env.BANYAN_DIST_DIR ? path.resolve(process.env.BANYAN_DIST_DIR) : path.join(root, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // The screens' preload lists leave out the files the login page and the shell have already loaded.
    modulePreload: { polyfill: false, resolveDependencies: bundle.resolveDependencies },
    rolldownOptions: {
      // Chakra's theme module builds its full default config (every recipe) at its top level with
      // `defineConfig`, an identity function: marked pure, the recipes the admin does not use drop out.
      treeshake: {
        manualPureFunctions: ['defineConfig'],
        // Emotion imports these CommonJS packages for their side effects (there are none) though only its
        // withTheme, which Chakra does not use, calls them.
        moduleSideEffects: [{ test: /node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false }],
      },
      // The login page's and the shell's modules in two chunks rather than ~60 small ones.
      output: { codeSplitting: { groups: firstLoadGroups(root) } },
    },
  },
  resolve: { alias: adminAliases(root) },
  server: {
    proxy: { '/api': `http://localhost:${process.env.PORT || 8080}` },
  },
  test: {
    root,
    pool: 'forks',
    maxWorkers: 2,
    // Test files share a worker's module graph: every API file builds its own app and database, and the
    // server keeps per-app state in WeakMaps keyed by the app, so re-importing the whole server for each
    // file (≈3-5 s of CPU per file, about half of the API suite's CPU) bought no isolation worth having.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 1 },
          include: ['tests/models/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/qa/**/*.test.ts', 'tests/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          sequence: { groupOrder: 1 },
          include: apiTests,
          env: { BANYAN_TEST_DB: 'pglite' },
          globalSetup: ['tests/setup/databaseTemplate.ts'],
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                sequence: { groupOrder: 1 },
                include: apiTests,
                env: { BANYAN_TEST_DB: 'postgres' },
                globalSetup: ['tests/setup/databaseTemplate.ts'],
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'faults',
          // After the API files: the fault servers are processes of their own and would compete with them.
          sequence: { groupOrder: 2 },
          include: withFaults ? ['tests/faults/**/*.test.ts'] : quickFaults,
          environment: 'node',
          testTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/databaseTemplate.ts', 'tests/setup/clientBuild.ts'],
          env: { BANYAN_TEST_DB: 'pglite' },
          // Browser tests mostly wait on round trips, so two run side by side; they go first, in a group
          // of their own, so the CPU-bound API files never starve them (nor they the API files).
          sequence: { groupOrder: 0 },
          testTimeout: 240_000,
        },
      },
    ],
  },
});
