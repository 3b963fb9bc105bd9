import type { OpLogCalls } from './types';

/** One call per mutating route: Attachments, their categories and uploads (issue 4). */
export const attachmentsCalls: OpLogCalls = {};
