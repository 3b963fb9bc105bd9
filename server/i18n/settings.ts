import { defineServerMessages } from './define';

// Server messages: System settings: upload, storage, footer and session (issue 4).
export const settings = defineServerMessages(
  {
    'sysSetting.regionOrEndpoint': '请填写区域或接入地址',
    'sysSetting.storageTestOk': '连接成功：已写入、读回并删除测试文件',
    'sysSetting.storageTestFailed': '连接失败：{message}',
  },
  {
    'sysSetting.regionOrEndpoint': 'Fill in the region or the endpoint',
    'sysSetting.storageTestOk': 'Connected: a test file was written, read back and deleted',
    'sysSetting.storageTestFailed': 'Connection failed: {message}',
  },
);
