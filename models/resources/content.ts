import type { ResourceDef } from '../resource';

// Content and what hangs on it (issue 3).
export const CONTENT_RESOURCES: ResourceDef[] = [];
