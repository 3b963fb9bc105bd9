import { defineServerMessages } from './define';

// Server messages of static generation (issue 6).
export const staticFiles = defineServerMessages(
  {
    'staticFile.started': '静态生成已开始',
    'staticFile.columnInvalid': '栏目不存在、已删除或属于其他站点',
    'staticFile.contentInvalid': '所选内容不存在或属于其他站点',
    'staticFile.pathInvalid': '静态文件路径无效：必须位于数据目录之内',
    'staticFile.folderForeign': '静态文件目录中有非生成器写入的文件，请更换静态文件路径',
    'staticFile.siteUnavailable': '站点未启用或已删除，无法生成',
  },
  {
    'staticFile.started': 'Static generation started',
    'staticFile.columnInvalid': 'The column does not exist, was deleted or belongs to another site',
    'staticFile.contentInvalid': 'The chosen content does not exist or belongs to another site',
    'staticFile.pathInvalid': 'Invalid static file path: it must be inside the data directory',
    'staticFile.folderForeign': 'The static folder holds files the generator did not write; choose another static file path',
    'staticFile.siteUnavailable': 'The site is disabled or deleted and cannot be generated',
  },
);
