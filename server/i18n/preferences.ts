import { defineServerMessages } from './define';

// Server messages: an admin's own preferences, the column settings of the list tables (issue 16).
export const preferences = defineServerMessages(
  {
    'preferences.saved': '表格设置已保存',
    'preferences.badTableId': '表格标识格式不正确',
    'preferences.badColumn': '列名格式不正确',
    'preferences.duplicateColumn': '列名不能重复',
    'preferences.tooManyColumns': '列的数量超出上限',
    'preferences.tooLarge': '个人设置太多，已超出保存上限，请先恢复部分表格的默认设置',
  },
  {
    'preferences.saved': 'Table settings saved',
    'preferences.badTableId': 'The table id is not in a valid format',
    'preferences.badColumn': 'A column name is not in a valid format',
    'preferences.duplicateColumn': 'A column is listed twice',
    'preferences.tooManyColumns': 'Too many columns',
    'preferences.tooLarge': 'Your settings exceed the size that can be kept; reset some tables to their defaults first',
  },
);
