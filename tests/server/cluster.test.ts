import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_AVAILABLE, startCluster, type Cluster } from '../helpers/cluster';

// Issue 17: two Banyan servers on one PostgreSQL behave as one. (Sessions were already in the database; the
// rows for jobs, limits and caches join this file as they land.)

describe.skipIf(!CLUSTER_AVAILABLE)('two servers on one PostgreSQL', () => {
  let c: Cluster;
  beforeAll(async () => {
    c = await startCluster(2);
  });
  afterAll(() => c?.close());

  it('a token from a login on one server works on the other, and a logout on the other ends it everywhere', async () => {
    const [a, b] = c.servers as [typeof c.servers[0], typeof c.servers[0]];
    const token = await a.login();
    expect((await b.client(token).get('/admin/index')).code).toBe(0);
    expect((await b.client(token).post('/account/logout')).code).toBe(0);
    expect((await a.client(token).get('/admin/index')).code).not.toBe(0);
  });
});
