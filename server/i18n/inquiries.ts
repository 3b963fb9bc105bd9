import { defineServerMessages } from './define';

// Messages of the public contact form (/contact/), issue 6: shown on the public site in the site's language;
// and of the admin's inquiry screen (/Inquiry/index).
export const inquiries = defineServerMessages(
  {
    'inquiry.nameRequired': '请填写您的姓名',
    'inquiry.contentRequired': '请填写留言内容',
    'inquiry.contactRequired': '请至少填写电话或邮箱中的一项',
    'inquiry.emailInvalid': '邮箱格式不正确',
    'inquiry.phoneInvalid': '电话号码格式不正确（5–30 位数字，可含 + - ( ) 和空格）',
    'inquiry.tooLong': '不能超过 {max} 个字符',
    'inquiry.tooMany': '提交过于频繁，请稍后再试',
    'inquiry.fixErrors': '提交未成功，请检查标出的内容',
    'inquiry.statusSaved': '询盘状态已更新',
  },
  {
    'inquiry.nameRequired': 'Please enter your name',
    'inquiry.contentRequired': 'Please enter your message',
    'inquiry.contactRequired': 'Please give a phone number or an email address',
    'inquiry.emailInvalid': 'This email address is not valid',
    'inquiry.phoneInvalid': 'This phone number is not valid (5–30 digits; + - ( ) and spaces allowed)',
    'inquiry.tooLong': 'At most {max} characters',
    'inquiry.tooMany': 'Too many submissions; please try again later',
    'inquiry.fixErrors': 'Your message was not sent; please check the marked fields',
    'inquiry.statusSaved': 'Inquiry status updated',
  },
);
