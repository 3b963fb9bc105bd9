import { STORAGE } from '../../models/attachment';
import { StorageSettings } from '../../models/uploadSettings';
import type { Executor } from '../db/client';
import { isObjectMethod, ObjectStorage, objectStorageConfig, type ObjectMethod } from './objectStorage';
import { LOCAL_STORAGE, type LocalStorage, type Storage } from './storage';

// Which storage takes new uploads, and which one holds the files of each kind. Follows the 'storage'
// system setting; an object-storage client is rebuilt only when its settings change.

export interface StoredStorage {
  /** The chosen method and its settings, secret included. */
  current: StorageSettings;
  /** The last settings saved for each provider method, so its files stay reachable after a switch. */
  providers: Partial<Record<ObjectMethod, StorageSettings>>;
}

export const DEFAULT_STORED_STORAGE: StoredStorage = { current: StorageSettings.parse({}), providers: {} };

/** A replaced client is closed this long after its replacement, so uploads still using it can finish. */
const RETIRE_AFTER_MS = 30 * 60_000;

const METHOD_OF_KIND = new Map<number, ObjectMethod>([
  [STORAGE.aliyun, 'aliyun'],
  [STORAGE.qiniu, 'qiniu'],
  [STORAGE.tencent, 'tencent'],
]);

export class StorageRegistry {
  private state: StoredStorage = DEFAULT_STORED_STORAGE;
  private readonly clients = new Map<ObjectMethod, { fingerprint: string; storage: ObjectStorage }>();
  private retired: Array<{ storage: ObjectStorage; at: number }> = [];

  constructor(
    readonly local: LocalStorage,
    private readonly load: (db: Executor) => Promise<StoredStorage>,
  ) {}

  /** Re-reads the settings (another process may have changed them). */
  async refresh(db: Executor): Promise<void> {
    this.use(await this.load(db));
  }

  /** Adopts settings just saved or loaded. */
  use(state: StoredStorage): void {
    this.state = state;
    const now = Date.now();
    const stale = this.retired.filter((r) => now - r.at > RETIRE_AFTER_MS);
    for (const r of stale) r.storage.close();
    this.retired = this.retired.filter((r) => !stale.includes(r));
  }

  /** Where new uploads go now. */
  get current(): Storage {
    const { current } = this.state;
    return isObjectMethod(current.method) ? this.clientFor(current.method, current) : this.local;
  }

  /** The storage holding files of this kind; null for network URLs and kinds with no settings. */
  ofKind(kind: number): Storage | null {
    if (kind === LOCAL_STORAGE) return this.local;
    const method = METHOD_OF_KIND.get(kind);
    if (!method) return null;
    const settings = this.state.current.method === method ? this.state.current : this.state.providers[method];
    return settings ? this.clientFor(method, settings) : null;
  }

  close(): void {
    for (const { storage } of this.clients.values()) storage.close();
    for (const { storage } of this.retired) storage.close();
    this.clients.clear();
    this.retired = [];
  }

  private clientFor(method: ObjectMethod, settings: StorageSettings): ObjectStorage {
    const config = objectStorageConfig({ ...settings, method });
    const fingerprint = JSON.stringify(config);
    const cached = this.clients.get(method);
    if (cached?.fingerprint === fingerprint) return cached.storage;
    if (cached) this.retired.push({ storage: cached.storage, at: Date.now() });
    const storage = new ObjectStorage(config);
    this.clients.set(method, { fingerprint, storage });
    return storage;
  }
}
