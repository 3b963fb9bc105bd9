import { defineServerMessages } from './define';

// Server messages: System settings: upload, storage, footer, session, mail and company (issues 4, 13).
export const settings = defineServerMessages(
  {
    'sysSetting.regionOrEndpoint': '请填写区域或接入地址',
    'sysSetting.endpointForbidden': '接入地址不可用：不能指向链路本地（云元数据）、组播或保留地址',
    'sysSetting.storageTestOk': '连接成功：已写入、读回并删除测试文件',
    'sysSetting.storageTestFailed': '连接失败：{message}',
    'sysSetting.imapTestOk': '连接成功：已登录收件邮箱并打开文件夹',
    'validation.companyPhone': '电话只能包含数字、空格、- 和开头的 +',
  },
  {
    'sysSetting.regionOrEndpoint': 'Fill in the region or the endpoint',
    'sysSetting.endpointForbidden': 'This endpoint cannot be used: it points to a link-local (cloud metadata), multicast or reserved address',
    'sysSetting.storageTestOk': 'Connected: a test file was written, read back and deleted',
    'sysSetting.storageTestFailed': 'Connection failed: {message}',
    'sysSetting.imapTestOk': 'Connected: signed in to the mailbox and opened the folder',
    'validation.companyPhone': 'A phone number may hold only digits, spaces, dashes and a leading +',
  },
);
