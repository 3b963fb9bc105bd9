import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { registerResource } from '../resources/register';
import { navCateServerResource, navItemServerResource, navTree, sortNavItems } from '../resources/navMenu';
import { NavItemSortBody, NavTreeQuery } from '../../models/navMenu';

// Front-end menus (/NavCate/index, issue 6): groups and items as resources, plus a group's tree and reordering.
export default async function navMenuRoutes(app: FastifyInstance) {
  registerResource(app, navCateServerResource);
  registerResource(app, navItemServerResource);

  addRoute(app, {
    method: 'GET',
    url: '/navItem/tree',
    permission: 'navCate',
    query: NavTreeQuery,
    handler: async ({ auth, query }) => ({ data: await navTree(app.ctx.db, auth, query.cate_id) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/navItem/sort',
    permission: 'navCate',
    body: NavItemSortBody,
    log: { type: 'navItem' },
    handler: async ({ auth, body }) => ({ msg: 'navMenu.sorted', logName: await sortNavItems(app.ctx.db, auth, body) }),
  });
}
