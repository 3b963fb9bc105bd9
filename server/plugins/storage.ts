import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { loadStoredStorage } from '../operations/systemSettings';
import { LocalStorage, UPLOADS_PREFIX } from '../services/storage';
import { StorageRegistry } from '../services/storageRegistry';

/**
 * Decorates the app with its storages: `app.storage` (where new uploads go, as last loaded),
 * `app.storageFor(db)` (the same after re-reading the setting), `app.storageOfKind(kind)` (the storage
 * holding an attachment) and `app.storageRegistry`. Loads the 'storage' setting once at start.
 */
export async function installStorage(app: FastifyInstance, uploadsDir: string): Promise<void> {
  const registry = new StorageRegistry(new LocalStorage(uploadsDir, UPLOADS_PREFIX), loadStoredStorage);
  app.decorate('storageRegistry', registry);
  app.decorate('storage', { getter: () => registry.current });
  app.decorate('storageFor', async (db = app.ctx.db) => {
    await registry.refresh(db);
    return registry.current;
  });
  app.decorate('storageOfKind', (kind: number) => registry.ofKind(kind));
  // Work that only gets a transaction (recycle-bin hooks) finds the app serving the request here.
  app.addHook('onRequest', (_req, _reply, done) => requestApp.run(app, done));
  lastInstalled = app;
  await registry.refresh(app.ctx.db);
  app.addHook('onClose', async () => registry.close());
}

const requestApp = new AsyncLocalStorage<FastifyInstance>();
let lastInstalled: FastifyInstance | null = null;

/**
 * The app whose storages hold the files of the current request (outside a request: the app built last,
 * the only one in a server process). For code that is handed no app, such as recycle-bin hooks.
 */
export function appOfCurrentRequest(): FastifyInstance | null {
  return requestApp.getStore() ?? lastInstalled;
}

declare module 'fastify' {
  interface FastifyInstance {
    storageRegistry: StorageRegistry;
  }
}
