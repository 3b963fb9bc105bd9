/// <reference types="vitest/config" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = path.dirname(fileURLToPath(import.meta.url));
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const apiTests = ['tests/server/**/*.test.ts'];

export default defineConfig({
  root: path.join(root, 'src'),
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: process.env.BANYAN_DIST_DIR ? path.resolve(process.env.BANYAN_DIST_DIR) : path.join(root, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: { '/api': `http://localhost:${process.env.PORT || 8080}` },
  },
  test: {
    root,
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/models/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
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
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/databaseTemplate.ts', 'tests/setup/clientBuild.ts'],
          env: { BANYAN_TEST_DB: 'pglite' },
          maxWorkers: 1,
          testTimeout: 240_000,
        },
      },
    ],
  },
});
