import { defineServerMessages } from './define';

// Server messages: outgoing mail (the settings' test message, inquiry replies) and inquiry handling (issue 12).
export const mail = defineServerMessages(
  {
    'validation.mailAddress': '邮箱地址格式不正确',
    'mail.notConfigured': '尚未设置发件邮箱：请在系统设置的“邮件”中填写 SMTP 服务器和发件账号',
    'mail.cannotConnect': '无法连接邮件服务器 {host}:{port}，请检查服务器地址、端口和网络（{detail}）',
    'mail.authRefused': '邮件服务器拒绝登录，请检查发件账号和密码（{detail}）',
    'mail.tlsProblem': '与邮件服务器的加密连接失败，请检查加密方式（SSL/STARTTLS）和端口，或服务器证书（{detail}）',
    'mail.addressRefused': '邮件服务器拒收该地址，请检查收件或发件地址（{detail}）',
    'mail.sendFailed': '邮件发送失败（{detail}）',
    'mail.testSent': '测试邮件已发送，请查收',
    'mail.testSubject': 'Banyan 测试邮件',
    'mail.testBody': '这是一封来自 Banyan 后台的测试邮件：发件设置可以正常使用。',
    'inquiry.handlingSaved': '询盘处理信息已保存',
    'inquiry.replySent': '回复邮件已发送',
    'inquiry.noEmail': '该询盘没有邮箱地址，无法通过邮件回复',
    'inquiry.unknownCategory': '询盘分类不存在或不属于当前站点',
    'inquiry.unknownAssignee': '所选负责人不存在、已停用或不能处理该站点的询盘',
  },
  {
    'validation.mailAddress': 'This is not a valid e-mail address',
    'mail.notConfigured': 'Outgoing mail is not set up: fill in the SMTP server and account under System settings → Mail',
    'mail.cannotConnect': 'Cannot connect to the mail server {host}:{port}; check the server, the port and the network ({detail})',
    'mail.authRefused': 'The mail server refused the sign-in; check the account and password ({detail})',
    'mail.tlsProblem': 'The secure connection to the mail server failed; check the security type (SSL/STARTTLS), the port or the server certificate ({detail})',
    'mail.addressRefused': 'The mail server refused the address; check the recipient or sender address ({detail})',
    'mail.sendFailed': 'The message could not be sent ({detail})',
    'mail.testSent': 'Test message sent; check the inbox',
    'mail.testSubject': 'Banyan test message',
    'mail.testBody': 'This is a test message from the Banyan back-office: the outgoing mail settings work.',
    'inquiry.handlingSaved': 'Inquiry handling saved',
    'inquiry.replySent': 'Reply sent',
    'inquiry.noEmail': 'This inquiry has no e-mail address, so it cannot be answered by e-mail',
    'inquiry.unknownCategory': 'This inquiry category does not exist or belongs to another site',
    'inquiry.unknownAssignee': 'This admin does not exist, is disabled or cannot handle this site’s inquiries',
  },
);
