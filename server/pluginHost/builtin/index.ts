import type { PluginDefinition } from '../types';
import { urlpushPlugin } from './urlpush';
import { visitstatsPlugin } from './visitstats';
import { watermarkPlugin } from './watermark';

// The plugins shipped with Banyan, registered on the host at start (server/app.ts).
export const BUILTIN_PLUGINS: PluginDefinition[] = [urlpushPlugin, watermarkPlugin, visitstatsPlugin];
