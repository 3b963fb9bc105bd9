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
  await registry.refresh(app.ctx.db);
  app.addHook('onClose', async () => registry.close());
}

declare module 'fastify' {
  interface FastifyInstance {
    storageRegistry: StorageRegistry;
  }
}
