import { defineServerMessages } from './define';

// Server messages of the statechart viewer's record endpoint (issue 16).
export const chartViewer = defineServerMessages(
  {
    'chartViewer.superOnly': '只有超级管理员可以查看状态图记录',
    'chartViewer.chartInvalid': '状态图只能是 audit、plugin 或 seoReport',
    'chartViewer.idInvalid': '记录编号无效',
    'chartViewer.notFound': '记录不存在',
    'chartViewer.replayFailed': '该记录保存的事件无法重放：{message}',
  },
  {
    'chartViewer.superOnly': 'Only super-admins may view statechart records',
    'chartViewer.chartInvalid': 'The chart must be audit, plugin or seoReport',
    'chartViewer.idInvalid': 'Invalid record id',
    'chartViewer.notFound': 'The record does not exist',
    'chartViewer.replayFailed': 'The stored events of this record cannot be replayed: {message}',
  },
);
