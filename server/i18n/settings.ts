import { defineServerMessages } from './define';

// Server messages: System settings: upload, storage, footer, session, mail and company (issues 4, 13).
export const settings = defineServerMessages(
  {
    'sysSetting.regionOrEndpoint': '请填写区域或接入地址',
    'sysSetting.storageTestOk': '连接成功：已写入、读回并删除测试文件',
    'sysSetting.storageTestFailed': '连接失败：{message}',
    'sysSetting.imapTestOk': '连接成功：已登录收件邮箱并打开文件夹',
    'validation.companyPhone': '电话只能包含数字、空格、- 和开头的 +',
  },
  {
    'sysSetting.regionOrEndpoint': 'Fill in the region or the endpoint',
    'sysSetting.storageTestOk': 'Connected: a test file was written, read back and deleted',
    'sysSetting.storageTestFailed': 'Connection failed: {message}',
    'sysSetting.imapTestOk': 'Connected: signed in to the mailbox and opened the folder',
    'validation.companyPhone': 'A phone number may hold only digits, spaces, dashes and a leading +',
  },
);
