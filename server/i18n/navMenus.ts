import { defineServerMessages } from './define';

// Server messages of front-end menus and visits (issue 6).
export const navMenus = defineServerMessages(
  {
    'navMenu.cateInvalid': '菜单分组不存在或已删除',
    'navMenu.cateOtherSite': '菜单分组属于其他站点',
    'navMenu.parentInvalid': '上级菜单项无效：须为同一分组中的菜单项，且不能是自身或其下级',
    'navMenu.targetInvalid': '链接的栏目或内容不存在、已删除或属于其他站点',
    'navMenu.sorted': '排序已保存',
  },
  {
    'navMenu.cateInvalid': 'The menu group does not exist or was deleted',
    'navMenu.cateOtherSite': 'The menu group belongs to another site',
    'navMenu.parentInvalid': 'Invalid parent item: it must be an item of the same group, not the item itself or one below it',
    'navMenu.targetInvalid': 'The linked column or content does not exist, was deleted or belongs to another site',
    'navMenu.sorted': 'Order saved',
  },
);
