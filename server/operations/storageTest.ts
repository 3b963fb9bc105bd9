import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors';
import type { Language } from '../../models/language';
import type { StorageSettings } from '../../models/uploadSettings';
import { isObjectMethod, ObjectStorage, objectStorageConfig, providerMessage } from '../services/objectStorage';
import type { Storage } from '../services/storage';
import { resolveStorageSettings } from './systemSettings';

// "Test connection" of the storage settings: put a small object, read it back, delete it.

/** Where probes are written; a failed delete leaves at most one small file here. */
const PROBE_PREFIX = 'banyan-probe';

/** One attempt with short timeouts: the admin is waiting for the answer. */
const PROBE_OPTIONS = { maxAttempts: 1, connectionTimeout: 5_000, requestTimeout: 10_000 };

async function probe(storage: Storage): Promise<void> {
  const key = `${PROBE_PREFIX}/${randomUUID()}.txt`;
  const bytes = Buffer.from(`banyan storage test ${randomBytes(8).toString('hex')}\n`);
  await storage.put(key, bytes, 'text/plain');
  try {
    const back = await storage.read(key);
    if (!back.equals(bytes)) throw new Error('The object read back differs from the one written');
  } finally {
    await storage.delete(key);
  }
}

/** Succeeds, or throws a 400 whose message carries the provider's own words (no stack, no secret). */
export async function testStorage(app: FastifyInstance, submitted: StorageSettings, lang: Language): Promise<void> {
  const settings = await resolveStorageSettings(app.ctx.db, submitted, lang);
  const storage = isObjectMethod(settings.method) ? new ObjectStorage(objectStorageConfig(settings), PROBE_OPTIONS) : app.storageRegistry.local;
  try {
    await probe(storage);
  } catch (err) {
    throw new ApiError(400, 'sysSetting.storageTestFailed', { message: providerMessage(err, settings.secret_access_key) });
  } finally {
    if (storage instanceof ObjectStorage) storage.close();
  }
}
