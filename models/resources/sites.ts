import type { ResourceDef } from '../resource';

// Websites, site settings, models and model fields, columns (issue 3).
export const SITES_RESOURCES: ResourceDef[] = [];
