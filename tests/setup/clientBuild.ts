import { ensureClientBuilt } from '../../server/clientBuild';

/** Browser tests need the real built SPA: build it once per run when the sources changed. */
export default async function setup() {
  await ensureClientBuilt(() => undefined);
}
