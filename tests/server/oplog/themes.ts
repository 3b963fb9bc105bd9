import type { OpLogCalls, OpLogContext } from './types';
import { uniqueName } from '../../helpers/fixtures';
import { themeZip, uploadPackage } from '../../helpers/zipThemes';

// One logged call per mutating route of themes and the template library (issue 6).

const ok = async (res: Promise<{ code: number; msg: string; data: any }>) => {
  const r = await res;
  if (r.code !== 0) throw new Error(`call failed: ${r.code} ${r.msg}`);
  return r.data;
};
const client = ({ t, superToken, siteId }: OpLogContext) => t.client(superToken, { siteId });
const install = async (ctx: OpLogContext) => {
  const folder = uniqueName('logged-theme');
  await ok(client(ctx).post('/templeteLibrary/install', { package: 'banyan-ocean.zip', folder }));
  return folder;
};

export const themeCalls: OpLogCalls = {
  '/api/templeteLibrary/upload': async (ctx) => {
    const pkg = `${uniqueName('logged-pkg')}.zip`;
    await ok(uploadPackage(ctx.t, ctx.superToken, pkg, themeZip('logged')));
    return pkg;
  },
  '/api/templeteLibrary/install': async (ctx) => `banyan-ocean.zip → ${await install(ctx)}`,
  '/api/theme/activate': async (ctx) => {
    const folder = await install(ctx);
    await ok(client(ctx).post('/theme/activate', { folder }));
    await ok(client(ctx).post('/theme/activate', { folder: 'default' }));
    return `Banyan Ocean (${folder})`;
  },
  '/api/theme/delete': async (ctx) => {
    const folder = await install(ctx);
    await ok(client(ctx).post('/theme/delete', { folder }));
    return `Banyan Ocean (${folder})`;
  },
  '/api/theme/fileUpdate': async (ctx) => {
    const folder = await install(ctx);
    await ok(client(ctx).post('/theme/fileUpdate', { folder, path: 'templates/404.liquid', content: 'logged save' }));
    return `${folder}/templates/404.liquid`;
  },
  '/api/theme/fileRestore': async (ctx) => {
    const folder = await install(ctx);
    await ok(client(ctx).post('/theme/fileUpdate', { folder, path: 'templates/404.liquid', content: 'logged save' }));
    const [kept] = await ok(client(ctx).get('/theme/fileVersions', { folder, path: 'templates/404.liquid' }));
    await ok(client(ctx).post('/theme/fileRestore', { folder, path: 'templates/404.liquid', version: kept.version }));
    return `${folder}/templates/404.liquid @ ${kept.version}`;
  },
};
