import type { OpLogCalls } from './types';

/** One call per mutating route: System settings: upload, storage, footer and session (issue 4). */
export const settingsCalls: OpLogCalls = {};
