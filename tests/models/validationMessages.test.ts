import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseLocalized, type ValidationLocale } from '../../models/validationMessages';
import { TagCreate } from '../../models/tag';
import { ContentSave } from '../../models/content';

// The one wording of validation failures shared by server and forms (issue 18).

const ZOD_JARGON = /expected|received|invalid input|too (big|small)|无效输入|期望|实际接收|过大|过小|undefined|NaN/i;
const zh: ValidationLocale = { lang: 'zh' };
const en: ValidationLocale = { lang: 'en' };
const first = (schema: z.ZodType, input: unknown, locale: ValidationLocale) => {
  const r = parseLocalized(schema, input, locale);
  if (r.success) throw new Error('expected a failure');
  return r.issues[0]!;
};

describe('validation messages', () => {
  it('a missing or blank field is "required", named by its label', () => {
    expect(first(TagCreate, {}, zh)).toEqual({ field: 'name', message: '名称为必填项' });
    expect(first(TagCreate, { name: '  ' }, en)).toEqual({ field: 'name', message: 'Name is required' });
    expect(first(ContentSave, { category_id: 1 }, zh).message).toBe('标题为必填项');
  });

  it('a form’s own label wins over the shared one, and an unknown field is quoted', () => {
    expect(first(TagCreate, {}, { lang: 'zh', label: (f) => (f === 'name' ? '标签名' : undefined) }).message).toBe('标签名为必填项');
    expect(first(z.object({ zzz_flag: z.string() }), {}, en).message).toBe('The field "zzz_flag" is required');
  });

  it('every kind of failure reads as a sentence in the user’s language', () => {
    const schema = z.object({
      title: z.string().max(3),
      sort: z.coerce.number().int().min(0).max(9),
      email: z.string().email(),
      url: z.string().url(),
      status: z.enum(['a', 'b']),
      tags: z.array(z.string()).max(1),
      phone: z.string().regex(/^\d+$/),
    });
    const input = { title: 'long', sort: 'x', email: 'nope', url: 'nope', status: 'c', tags: ['1', '2'], phone: 'abc' };
    for (const locale of [zh, en]) {
      const r = parseLocalized(schema, input, locale);
      expect(r.success).toBe(false);
      if (r.success) return;
      expect(r.issues.map((i) => i.field)).toEqual(['title', 'sort', 'email', 'url', 'status', 'tags', 'phone']);
      for (const i of r.issues) expect(i.message).not.toMatch(ZOD_JARGON);
    }
    const messages = (locale: ValidationLocale) => (parseLocalized(schema, input, locale) as { issues: Array<{ message: string }> }).issues.map((i) => i.message);
    expect(messages(zh)).toEqual(['标题不能超过 3 个字符', '排序应为数字', '邮箱须为有效的邮箱地址', '地址须为有效的网址', '状态须为以下之一：a、b', '标签最多 1 项', '手机号格式不正确']);
    expect(messages(en)).toEqual([
      'Title must be at most 3 characters',
      'Sort order must be a number',
      'E-mail must be a valid e-mail address',
      'Address must be a valid web address',
      'Status must be one of: a, b',
      'Tags may have at most 1 items',
      'Phone number is not in a valid format',
    ]);
    expect(first(schema, { ...input, title: 'ok', sort: -1 }, zh).message).toBe('排序不能小于 0');
    expect(first(schema, { ...input, title: 'ok', sort: 1.5 }, en).message).toBe('Sort order must be a whole number');
  });

  it('our own message keys are translated by the side that parses', () => {
    const schema = z.object({ account: z.string().email({ message: 'validation.accountEmail' }) });
    const locale: ValidationLocale = { lang: 'en', message: (k) => (k === 'validation.accountEmail' ? 'The account must be an e-mail address' : undefined) };
    expect(first(schema, { account: 'x' }, locale).message).toBe('The account must be an e-mail address');
  });
});
