import { defineMessages } from '../../i18n/define';

// Strings of front-end menus (/NavCate/index): groups and their items.
export const messages = defineMessages(
  {
    resources: {
      navCate: {
        title: '菜单分组',
        fields: { id: 'ID', name: '分组名称', key: '调用标识', sort: '排序', item_count: '菜单项', created_at: '创建时间' },
        keyHint: '模板按此标识调用该菜单，如 main、footer',
      },
      navItem: {
        title: '菜单项',
        fields: {
          title: '名称',
          link_type: '链接类型',
          column_id: '栏目',
          content_id: '内容 ID',
          url: '网址',
          sort: '排序',
          new_window: '新窗口打开',
          status: '状态',
        },
        options: { link_type: { column: '栏目', content: '内容', url: '网址' } },
        columnHint: '链接类型为“栏目”时选择',
        contentHint: '链接类型为“内容”时填写内容 ID',
        urlHint: '链接类型为“网址”时填写：http(s):// 开头的网址或 / 开头的站内路径',
      },
    },
    recycleBin: { types: { navItem: '前台菜单项' } },
    navMenus: {
      groups: '菜单分组',
      items: '菜单项：{{name}}',
      pickGroup: '选择左侧的菜单分组以编辑其菜单项',
      showItems: '编辑菜单项',
      addChild: '添加子菜单',
      moveUp: '上移',
      moveDown: '下移',
    },
  },
  {
    resources: {
      navCate: {
        title: 'Menu group',
        fields: { id: 'ID', name: 'Group name', key: 'Key', sort: 'Order', item_count: 'Items', created_at: 'Created' },
        keyHint: 'Themes show the menu by this key, e.g. main, footer',
      },
      navItem: {
        title: 'Menu item',
        fields: {
          title: 'Title',
          link_type: 'Link type',
          column_id: 'Column',
          content_id: 'Content ID',
          url: 'URL',
          sort: 'Order',
          new_window: 'New window',
          status: 'Status',
        },
        options: { link_type: { column: 'Column', content: 'Content', url: 'URL' } },
        columnHint: 'Choose when the link type is Column',
        contentHint: 'Enter the content ID when the link type is Content',
        urlHint: 'When the link type is URL: an http(s):// address or a site path starting with /',
      },
    },
    recycleBin: { types: { navItem: 'Front-end menu item' } },
    navMenus: {
      groups: 'Menu groups',
      items: 'Items of {{name}}',
      pickGroup: 'Choose a menu group on the left to edit its items',
      showItems: 'Edit items',
      addChild: 'Add sub-item',
      moveUp: 'Move up',
      moveDown: 'Move down',
    },
  },
);
