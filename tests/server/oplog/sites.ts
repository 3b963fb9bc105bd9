import type { OpLogCalls } from './types';

/**
 * One call per mutating route of the sites domain, for the "every mutating call is logged" test:
 * each performs the call successfully and returns the content name the log must show.
 */
export const sitesCalls: OpLogCalls = {};
