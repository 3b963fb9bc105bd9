import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { Id, MAX_INT, NumberFilter, Paging, Status, TextFilter } from './common';

/** code_auth: 1 = SMS verification at login on, 2 = off. */
export const CODE_AUTH_ON = 1;
export const CODE_AUTH_OFF = 2;
export const CodeAuth = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)]));

/** Password rule shared by admin forms, self update and the server. */
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: 'validation.passwordLength' })
  .max(PASSWORD_MAX_LENGTH, { message: 'validation.passwordLength' })
  .regex(/[A-Za-z]/, { message: 'validation.passwordLetterDigit' })
  .regex(/[0-9]/, { message: 'validation.passwordLetterDigit' });

export const Account = z.string().trim().toLowerCase().max(100).email({ message: 'validation.accountEmail' });
export const Nickname = z.string().trim().min(1, { message: 'validation.required' }).max(NAME_MAX_LENGTH);
export const Phone = z
  .string()
  .trim()
  .regex(/^(\+?\d{6,15})?$/, { message: 'validation.phone' })
  .default('');

export const Admin = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  role_id: z.number().int(),
  role_name: z.string(),
  status: Status,
  phone: z.string(),
  code_auth: CodeAuth,
  site_ids: z.array(z.number().int()),
  is_super: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type Admin = z.infer<typeof Admin>;

const adminFields = {
  account: Account,
  nickname: Nickname,
  role_id: z.coerce.number().int().positive({ message: 'validation.required' }).max(MAX_INT),
  status: Status.default(1),
  phone: Phone,
  code_auth: CodeAuth.default(2),
  site_ids: z.array(Id).default([]),
};
export const AdminCreate = z.object({ ...adminFields, password: Password });
export type AdminCreate = z.infer<typeof AdminCreate>;
export const AdminUpdate = z.object({
  id: Id,
  ...adminFields,
  /** Empty keeps the current password. */
  password: z.union([z.literal(''), Password]).optional(),
});
export type AdminUpdate = z.infer<typeof AdminUpdate>;
export const AdminListQuery = Paging.extend({
  account: TextFilter,
  nickname: TextFilter,
  role_id: NumberFilter,
  status: NumberFilter,
});

/** GET /admin/self: data.user */
export const SelfProfile = z.object({ name: z.string(), phone: z.string(), code_auth: CodeAuth, account: z.string() });
export type SelfProfile = z.infer<typeof SelfProfile>;

/** POST /admin/selfUpdate: changing the password needs the current one. */
export const SelfUpdate = z
  .object({
    name: Nickname,
    phone: Phone,
    code_auth: CodeAuth.default(2),
    old_password: z.string().max(PASSWORD_MAX_LENGTH).optional().default(''),
    password: z.union([z.literal(''), Password]).optional().default(''),
  })
  .refine((v) => !v.password || v.old_password, { path: ['old_password'], message: 'validation.oldPasswordRequired' });
export type SelfUpdate = z.infer<typeof SelfUpdate>;
