import { defineServerMessages } from './define';

// Server messages of friendly links (issue 11).
export const links = defineServerMessages(
  {
    'validation.linkUrl': '链接地址必须以 http:// 或 https:// 开头',
    'link.checkStarted': '已开始检查反链',
  },
  {
    'validation.linkUrl': 'The link address must start with http:// or https://',
    'link.checkStarted': 'Back-link check started',
  },
);
