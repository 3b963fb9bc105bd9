import { defineMessages } from '../../i18n/define';

// Strings of the inquiry screen (/Inquiry/index).
export const messages = defineMessages(
  {
    resources: {
      inquiry: {
        title: '询盘',
        fields: {
          id: 'ID',
          name: '姓名',
          phone: '电话',
          email: '邮箱',
          company: '公司',
          content: '留言内容',
          page: '来源页面',
          region: '地区',
          ip: 'IP',
          user_agent: '浏览器',
          status: '状态',
          created_at: '提交时间',
          start: '提交时间',
        },
        statuses: { '0': '未读', '1': '已读', '2': '已处理' },
      },
    },
    inquiries: {
      view: '查看询盘',
      detailTitle: '{{name}} 的询盘',
      markAs: '标记为',
      mark: { '0': '标为未读', '1': '标为已读', '2': '标为已处理' },
    },
  },
  {
    resources: {
      inquiry: {
        title: 'Inquiries',
        fields: {
          id: 'ID',
          name: 'Name',
          phone: 'Phone',
          email: 'Email',
          company: 'Company',
          content: 'Message',
          page: 'Sent from',
          region: 'Region',
          ip: 'IP',
          user_agent: 'Browser',
          status: 'Status',
          created_at: 'Sent at',
          start: 'Sent between',
        },
        statuses: { '0': 'Unread', '1': 'Read', '2': 'Handled' },
      },
    },
    inquiries: {
      view: 'View inquiry',
      detailTitle: 'Inquiry from {{name}}',
      markAs: 'Mark as',
      mark: { '0': 'Mark unread', '1': 'Mark read', '2': 'Mark handled' },
    },
  },
);
