import { eq } from 'drizzle-orm';
import { plugins } from '../db/schema/index';
import type { AppContext } from '../http/context';

/** At start: the plugins whose replayed state is `enabled` run their hooks again (the projection holds that state). */
export async function restoreEnabledPlugins(ctx: AppContext): Promise<void> {
  const rows = await ctx.db.select({ id: plugins.id }).from(plugins).where(eq(plugins.state, 'enabled'));
  for (const r of rows) ctx.plugins.setEnabled(r.id, true);
}
