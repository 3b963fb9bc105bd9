import type { ResourceDef } from '../resource';

// Tags, slides, ads, internal links, prohibited words, recycle bin (issue 3).
export const MARKETING_RESOURCES: ResourceDef[] = [];
