import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { settings } from '../db/schema/index';
import type { Db, Executor } from '../db/client';
import type { AuthContext } from '../http/context';
import { forbidden } from '../http/errors';
import { invalidField } from '../http/validation';
import type { Language } from '../../models/language';
import { StorageSettings, UploadSettings } from '../../models/uploadSettings';
import { SUPER_ONLY_GROUPS, type SysSettingsUpdate, type SysSettingsView } from '../../models/sysSettings';
import { isObjectMethod, objectStorageConfig, StorageConfigError } from '../services/objectStorage';
import type { StoredStorage } from '../services/storageRegistry';
import { getSettings, setSetting } from './settings';
import { getMailSettings, mailSettingsView, saveMailSettings } from './mailSettings';
import { getCompanySettings, saveCompanySettings } from './companySettings';

// System settings kept as JSON groups: 'upload' (limits of uploads), 'storage' (where new uploads go)
// and 'storage.providers' (the last settings of each provider, so files stored there stay reachable).
// The footer and session policy are the single keys of operations/settings.ts.

const UPLOAD_KEY = 'upload';
const STORAGE_KEY = 'storage';
const PROVIDERS_KEY = 'storage.providers';

async function readJson(db: Executor, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  return new Map(rows.map((r) => [r.key, r.value]));
}

async function writeJson(db: Executor, key: string, value: unknown) {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** A stored group read with today's schema; what no longer parses falls back to the defaults. */
function parseOr<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, value: unknown, fallback: () => T): T {
  const parsed = schema.safeParse(value ?? {});
  return parsed.success ? parsed.data : fallback();
}

export async function getUploadSettings(db: Executor): Promise<UploadSettings> {
  const stored = (await readJson(db, [UPLOAD_KEY])).get(UPLOAD_KEY);
  return parseOr(UploadSettings, stored, () => UploadSettings.parse({}));
}

/** The chosen storage with its secret: for the server only, never for an answer. */
export async function getStorageSettings(db: Executor): Promise<StorageSettings> {
  return (await loadStoredStorage(db)).current;
}

export async function loadStoredStorage(db: Executor): Promise<StoredStorage> {
  const stored = await readJson(db, [STORAGE_KEY, PROVIDERS_KEY]);
  const current = parseOr(StorageSettings, stored.get(STORAGE_KEY), () => StorageSettings.parse({}));
  const providers: StoredStorage['providers'] = {};
  const raw = stored.get(PROVIDERS_KEY);
  if (raw && typeof raw === 'object') {
    for (const [method, value] of Object.entries(raw)) {
      const parsed = StorageSettings.safeParse(value);
      if (isObjectMethod(method) && parsed.success) providers[method] = parsed.data;
    }
  }
  return { current, providers };
}

/** What GET /sysSetting/index answers: secrets out, super-admin groups only for super-admins. */
export async function sysSettingsView(db: Executor, auth: AuthContext): Promise<SysSettingsView> {
  const single = await getSettings(db, ['site.copyright', 'site.filing_number', 'session.single_login']);
  const storage = await getStorageSettings(db);
  return {
    upload: await getUploadSettings(db),
    storage: auth.isSuper ? { ...storage, secret_access_key: '', secret_set: storage.secret_access_key !== '' } : null,
    site: { copyright: single['site.copyright'], filing_number: single['site.filing_number'] },
    session: auth.isSuper ? { single_login: single['session.single_login'] } : null,
    mail: auth.isSuper ? mailSettingsView(await getMailSettings(db)) : null,
    company: await getCompanySettings(db),
  };
}

/** A 400 that names the field, shaped like the shared schemas' validation failures. */
export function fieldError(lang: Language, field: string, key: 'validation.required' | 'sysSetting.regionOrEndpoint' | 'sysSetting.endpointForbidden') {
  return invalidField(lang, field, key);
}

/**
 * Submitted storage settings with the secret resolved: '' keeps the stored one. Checks that a provider
 * method has everything its client needs.
 */
export async function resolveStorageSettings(db: Executor, submitted: StorageSettings, lang: Language, prefix = ''): Promise<StorageSettings> {
  const stored = await getStorageSettings(db);
  const resolved = { ...submitted, secret_access_key: submitted.secret_access_key || stored.secret_access_key };
  if (isObjectMethod(resolved.method)) {
    try {
      objectStorageConfig(resolved);
    } catch (err) {
      if (!(err instanceof StorageConfigError)) throw err;
      throw fieldError(lang, prefix + err.field, err.reason === 'forbidden' ? 'sysSetting.endpointForbidden' : err.field === 'region' ? 'sysSetting.regionOrEndpoint' : 'validation.required');
    }
  }
  return resolved;
}

/** Saves one group; a storage change applies to the next upload at once. */
export async function updateSysSettings(app: FastifyInstance, auth: AuthContext, lang: Language, body: SysSettingsUpdate): Promise<void> {
  if (SUPER_ONLY_GROUPS.includes(body.group) && !auth.isSuper) throw forbidden();
  const db: Db = app.ctx.db;
  switch (body.group) {
    case 'upload':
      await writeJson(db, UPLOAD_KEY, body.values);
      return;
    case 'site':
      await db.transaction(async (tx) => {
        await setSetting(tx, 'site.copyright', body.values.copyright);
        await setSetting(tx, 'site.filing_number', body.values.filing_number);
      });
      return;
    case 'session':
      await setSetting(db, 'session.single_login', body.values.single_login);
      return;
    case 'mail':
      await saveMailSettings(db, body.values);
      return;
    case 'company':
      await saveCompanySettings(db, body.values);
      return;
    case 'storage': {
      const resolved = await resolveStorageSettings(db, body.values, lang, 'values.');
      const state = await db.transaction(async (tx) => {
        const { providers } = await loadStoredStorage(tx);
        const next: StoredStorage = {
          current: resolved,
          providers: isObjectMethod(resolved.method) ? { ...providers, [resolved.method]: resolved } : providers,
        };
        await writeJson(tx, STORAGE_KEY, next.current);
        await writeJson(tx, PROVIDERS_KEY, next.providers);
        return next;
      });
      app.storageRegistry.use(state);
      return;
    }
  }
}

