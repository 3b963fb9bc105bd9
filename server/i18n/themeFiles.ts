import { defineServerMessages } from './define';

// Server messages of the online theme file editor (/Theme/files, /Theme/tempFiles; issue 6).
export const themeFiles = defineServerMessages(
  {
    'themeFile.saved': '文件已保存',
    'themeFile.unchanged': '内容没有变化，未保存新版本',
    'themeFile.restored': '已恢复到所选版本',
    'themeFile.superOnly': '只有超级管理员可以修改模板文件',
    'themeFile.readForbidden': '没有查看该模板文件的权限',
    'themeFile.shippedReadOnly': '内置默认模板是只读的；请从模板库安装一个模板后再编辑',
    'themeFile.badPath': '文件路径无效：{path}',
    'themeFile.hiddenPath': '不能访问隐藏文件或保留目录：{path}',
    'themeFile.link': '不能编辑符号链接或模板目录之外的文件：{path}',
    'themeFile.extension': '该文件类型不能在线编辑：{path}（允许 {allowed}）',
    'themeFile.notFound': '模板文件不存在：{path}',
    'themeFile.tooLarge': '文件超过在线编辑的大小上限 {max}',
    'themeFile.binary': '内容包含空字符（NUL），不能保存为文本文件',
    'themeFile.versionNotFound': '历史版本不存在',
  },
  {
    'themeFile.saved': 'File saved',
    'themeFile.unchanged': 'Nothing changed; no new version was saved',
    'themeFile.restored': 'The chosen version was restored',
    'themeFile.superOnly': 'Only super-admins may change theme files',
    'themeFile.readForbidden': 'You may not view this theme file',
    'themeFile.shippedReadOnly': 'The shipped default theme is read-only; install a theme from the library to edit it',
    'themeFile.badPath': 'Invalid file path: {path}',
    'themeFile.hiddenPath': 'Hidden files and the reserved folder cannot be opened: {path}',
    'themeFile.link': 'Symbolic links and files outside the theme folder cannot be edited: {path}',
    'themeFile.extension': 'This file type cannot be edited online: {path} (allowed: {allowed})',
    'themeFile.notFound': 'Theme file not found: {path}',
    'themeFile.tooLarge': 'The file exceeds the online editing limit of {max}',
    'themeFile.binary': 'The content holds a NUL character and cannot be saved as a text file',
    'themeFile.versionNotFound': 'Saved version not found',
  },
);
