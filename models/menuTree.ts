// The full menu tree of spec §2, seeded into the database on first start. Menu keys are stable
// permission names: every API route names the key of the screen it serves.
export interface MenuSeed {
  key: string;
  path: string;
  icon?: string;
  /** 2 = a group heading only; 1 (default) = an accessible page. */
  type?: 1 | 2;
  hidden?: boolean;
  /** For guide sub-pages: the list page they highlight and return to. */
  guide?: string;
  typeless?: boolean;
  pinned?: boolean;
  redirect?: string;
  controller?: string;
  action?: string;
  params?: string;
  children?: MenuSeed[];
}

const page = (key: string, path: string, icon = '', extra: Partial<MenuSeed> = {}): MenuSeed => {
  const [controller = '', action = 'index'] = path.replace(/^\//, '').split('/');
  return { key, path, icon, controller, action, ...extra };
};
const guide = (key: string, path: string, parentPath: string, extra: Partial<MenuSeed> = {}): MenuSeed =>
  page(key, path, '', { hidden: true, guide: parentPath, ...extra });
const group = (key: string, path: string, icon: string, children: MenuSeed[], extra: Partial<MenuSeed> = {}): MenuSeed => ({
  key,
  path,
  icon,
  type: 2,
  children,
  ...extra,
});

export const MENU_TREE: MenuSeed[] = [
  group('website', '/website', 'globe', [
    group('contentManage', '/website/content', 'folder', [
      page('attachmentCate', '/AttachmentCate/index', 'paperclip'),
      page('module', '/Module/index', 'boxes'),
      guide('modelField', '/ModelField/index', '/Module/index'),
      page('category', '/Category/index', 'list-tree'),
      guide('addColumn', '/addColumn', '/Category/index', { controller: 'Category', action: 'save' }),
      guide('updateColumn', '/updateColumn', '/Category/index', { controller: 'Category', action: 'update' }),
      page('content', '/Content/index', 'file-text'),
      guide('columnInfo', '/ColumnInfo', '/Content/index', { controller: 'Content', action: 'read' }),
      guide('addContent', '/addContent', '/Content/index', { controller: 'Content', action: 'save' }),
      guide('updateContent', '/updateContent', '/Content/index', { controller: 'Content', action: 'update' }),
      page('tag', '/Tag/index', 'tag'),
      page('contentTag', '/ContentTag/index', 'tags'),
      page('slideCate', '/SlideCate/index', 'gallery-horizontal'),
      page('advertisement', '/Advertisement/index', 'megaphone'),
      page('contentCheck', '/Content/checkList', 'clipboard-check'),
      guide('auditingContent', '/auditingContent', '/Content/checkList', { controller: 'Content', action: 'check' }),
    ]),
    group('customContent', '/customContent', 'layers', [], { params: 'dynamic' }),
    group('contentCheckGroup', '/contentCheck', 'list-checks', [], { params: 'dynamic' }),
    group('websiteManage', '/website/manage', 'monitor', [
      page('websiteList', '/Website/index', 'globe'),
      page('websiteSetting', '/WebsiteSetting/index', 'settings'),
      page('navCate', '/NavCate/index', 'menu'),
      page('templeteLibrary', '/TempleteLibrary/index', 'library'),
      page('theme', '/Theme/index', 'palette'),
      page('themeFiles', '/Theme/files', '', { hidden: true, guide: '/Theme/index' }),
      page('themeTempFiles', '/Theme/tempFiles', 'file-code'),
    ]),
    group('inquiryGroup', '/website/inquiry', 'inbox', [
      page('inquiry', '/Inquiry/index', 'message-square'),
      page('inquiryCate', '/InquiryCate/index', 'folder-tree'),
      page('inquiryEmail', '/InquiryEmail/index', 'mail'),
    ]),
    group('recruit', '/recruit', 'briefcase', [
      page('job', '/Job/index', 'briefcase'),
      page('jobCate', '/JobCate/index', 'folder-tree'),
      page('jobCity', '/JobCity/index', 'map-pin'),
      page('resume', '/resume/index', 'file-user'),
      guide('resumeSave', '/resume/save', '/resume/index', { controller: 'resume', action: 'save' }),
    ]),
  ], { redirect: '/Website/index' }),
  group('market', '/market', 'trending-up', [
    group('seo', '/market/seo', 'search', [
      page('staticFile', '/StaticFile/index', 'file-stack'),
      page('keyword', '/Keyword/index', 'key-round'),
      page('innerChart', '/InnerChart/index', 'link'),
      page('link', '/Link/index', 'link-2'),
      guide('addLink', '/addLink', '/Link/index', { controller: 'Link', action: 'save' }),
      guide('updateLink', '/updateLink', '/Link/index', { controller: 'Link', action: 'update' }),
      guide('linkInfo', '/linkInfo', '/Link/index', { controller: 'Link', action: 'read' }),
      page('seoCheck', '/seoCheck/index', 'scan-search'),
      guide('seoReport', '/seoCheck/report', '/seoCheck/index'),
    ]),
    page('form', '/Form/index', 'clipboard-list'),
    guide('formDetail', '/form/detail', '/Form/index'),
    guide('formDesign', '/form/design', '/Form/index'),
    page('poster', '/poster/index', 'image'),
  ], { redirect: '/StaticFile/index' }),
  group('system', '/system', 'settings', [
    page('plugin', '/Plugin/index', 'puzzle'),
    group('systemGroup', '/system/system', 'sliders', [
      page('nav', '/Nav/index', 'menu'),
      page('admin', '/Admin/index', 'user-cog'),
      page('sysSetting', '/SysSetting/index', 'settings-2'),
      page('role', '/Role/index', 'shield'),
      page('recycleBin', '/RecycleBin/index', 'trash-2'),
      page('prohibitedWord', '/ProhibitedWord/index', 'shield-alert'),
      page('database', '/Database/index', 'database'),
      page('chartViewer', '/ChartViewer/index', 'workflow'),
    ]),
    group('logGroup', '/system/log', 'scroll-text', [
      page('adminLoginLog', '/AdminLoginLog/index', 'log-in'),
      page('adminOptLog', '/AdminOptLog/index', 'history'),
    ]),
  ], { redirect: '/Admin/index' }),
];

/** Pages only super-admins see and open, whatever a role was granted (the statechart viewer, issue 16). */
export const SUPER_ONLY_MENUS: readonly string[] = ['chartViewer'];

/** Pages every signed-in admin may open whatever their role (spec §2 "typeless"). */
export const TYPELESS_PATHS = ['/', '/SysSetting/dashbord', '/404', '/redirect', '/personal'] as const;
export const DASHBOARD_PATH = '/';
export const DASHBOARD_ALIAS_PATH = '/SysSetting/dashbord';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
/** Menus whose children come from the server's dynamic menu (spec §2 "Dynamic custom-content routes"). */
export const DYNAMIC_PARENTS = { customContent: '/customContent', contentCheck: '/contentCheck' } as const;

/** category_id is the text after the last `=` of the child's param (spec §2). */
export function categoryIdFromParam(param: string): string {
  const i = param.lastIndexOf('=');
  return i === -1 ? param : param.slice(i + 1);
}
