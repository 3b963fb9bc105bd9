import { defineMessages } from '../../i18n/define';

// Strings of the list tables' column settings and sortable headers (issue 16); zh first, en has the same keys.
export const messages = defineMessages(
  {
    columnSettings: {
      title: '列设置',
      density: '行密度',
      densities: { comfortable: '宽松', compact: '紧凑' },
      columns: '显示的列',
      moveUp: '上移“{{column}}”',
      moveDown: '下移“{{column}}”',
      resize: '调整“{{column}}”列宽',
      resizeHint: '拖动表头右侧边缘调整列宽，或聚焦后用左右方向键调整。',
      reset: '恢复默认',
    },
    listSort: {
      none: '按“{{column}}”排序',
      asc: '按“{{column}}”升序排列，点击改为降序',
      desc: '按“{{column}}”降序排列，点击改为升序',
    },
  },
  {
    columnSettings: {
      title: 'Column settings',
      density: 'Row density',
      densities: { comfortable: 'Comfortable', compact: 'Compact' },
      columns: 'Shown columns',
      moveUp: 'Move “{{column}}” up',
      moveDown: 'Move “{{column}}” down',
      resize: 'Resize the “{{column}}” column',
      resizeHint: 'Drag a header cell’s right edge to resize its column, or focus it and use the left and right arrow keys.',
      reset: 'Reset to defaults',
    },
    listSort: {
      none: 'Sort by “{{column}}”',
      asc: 'Sorted by “{{column}}”, ascending: click for descending',
      desc: 'Sorted by “{{column}}”, descending: click for ascending',
    },
  },
);
