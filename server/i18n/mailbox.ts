import { defineServerMessages } from './define';

// Server messages of the e-mail inbox (/InquiryEmail/index, issue 12): each mailbox failure says what to fix.
export const mailbox = defineServerMessages(
  {
    'mailbox.notConfigured': '尚未设置收件邮箱（系统设置 → 邮件：收件服务器、账号和密码）',
    'mailbox.noSite': '请在邮件设置中选择收到的邮件归入哪个站点',
    'mailbox.pullStarted': '已开始收取邮件',
    'mailbox.connect': '无法连接收件服务器 {detail}：连接被拒绝或中断，请检查服务器地址和端口',
    'mailbox.timeout': '连接收件服务器 {detail} 超时，请检查服务器地址、端口和网络',
    'mailbox.dns': '找不到收件服务器“{detail}”，请检查服务器地址',
    'mailbox.login': '收件邮箱登录被拒绝，请检查账号和密码（服务器答复：{detail}）',
    'mailbox.tls': 'TLS 加密连接失败（{detail}），请检查加密方式（SSL / STARTTLS / 无）与端口是否匹配',
    'mailbox.mailbox': '收件邮箱中没有文件夹“{detail}”，请检查文件夹名称',
    'mailbox.protocol': '收件服务器返回错误：{detail}',
    'mailbox.forbidden': '收件服务器“{detail}”指向链路本地或云元数据等保留地址，已拒绝连接',
    'mailbox.noBody': '（邮件无正文）',
  },
  {
    'mailbox.notConfigured': 'The receiving mailbox is not set up (System settings → Mail: server, account and password)',
    'mailbox.noSite': 'Choose in the mail settings which site pulled messages belong to',
    'mailbox.pullStarted': 'Pulling mail',
    'mailbox.connect': 'Cannot connect to the mail server {detail}: the connection was refused or dropped; check the server address and port',
    'mailbox.timeout': 'The mail server {detail} did not answer in time; check the server address, port and network',
    'mailbox.dns': 'The mail server "{detail}" cannot be found; check the server address',
    'mailbox.login': 'The mailbox refused the login; check the account and password (the server said: {detail})',
    'mailbox.tls': 'The TLS connection failed ({detail}); check that the security (SSL / STARTTLS / none) matches the port',
    'mailbox.mailbox': 'The mailbox has no folder "{detail}"; check the folder name',
    'mailbox.protocol': 'The mail server answered with an error: {detail}',
    'mailbox.forbidden': 'The mail server "{detail}" points at a link-local, cloud metadata or reserved address; the connection is refused',
    'mailbox.noBody': '(no message body)',
  },
);
