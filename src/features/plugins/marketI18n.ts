import { defineMessages } from '../../i18n/define';

// Strings of the plugin market tab (/Plugin/index, tab "market").
export const messages = defineMessages(
  {
    pluginMarket: {
      hint: '插件包须有可信的 Ed25519 签名，并逐项检查包内文件后才会安装；市场插件只含声明（页面注入、设置、数据表），不执行任何脚本。',
      source: '来源：{{source}}',
      shipped: '内置目录',
      urlLabel: '市场地址（index.json 的网址）',
      urlPlaceholder: 'https://example.com/banyan-market/index.json',
      saveUrl: '保存地址',
      useShipped: '使用内置目录',
      install: '安装',
      upgrade: '升级到 {{version}}',
      installed: '已安装',
      statuses: { notInstalled: '未安装', installed: '已安装 {{version}}', upgradable: '可升级（已安装 {{version}}）' },
      version: '版本 {{version}}',
      author: '作者：{{author}}',
      size: '{{size}} KB',
      empty: '市场中暂无插件',
      loadFailed: '无法读取插件市场',
      retry: '重试',
      superOnly: '只有超级管理员可以使用插件市场。',
    },
  },
  {
    pluginMarket: {
      hint: 'A package is installed only with a trusted Ed25519 signature and after every file in it is checked; market plugins are declarations only (page injections, settings, tables) and never run scripts.',
      source: 'Source: {{source}}',
      shipped: 'Shipped catalogue',
      urlLabel: 'Market address (URL of index.json)',
      urlPlaceholder: 'https://example.com/banyan-market/index.json',
      saveUrl: 'Save address',
      useShipped: 'Use the shipped catalogue',
      install: 'Install',
      upgrade: 'Upgrade to {{version}}',
      installed: 'Installed',
      statuses: { notInstalled: 'Not installed', installed: 'Installed {{version}}', upgradable: 'Upgrade available (installed {{version}})' },
      version: 'Version {{version}}',
      author: 'By {{author}}',
      size: '{{size}} KB',
      empty: 'The market has no plugins yet',
      loadFailed: 'Cannot read the plugin market',
      retry: 'Retry',
      superOnly: 'Only super-admins can use the plugin market.',
    },
  },
);
