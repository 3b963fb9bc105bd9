import { z } from 'zod';
import type { MenuItem } from './menu';
import { SMS_CODE_LENGTH } from './constants';

export const LoginBody = z.object({
  account: z.string().trim().toLowerCase().min(1, { message: 'validation.accountRequired' }).max(100),
  password: z.string().min(1, { message: 'validation.passwordRequired' }).max(200),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), { message: 'validation.smsCode' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const AuthCodeBody = z.object({
  account: z.string().trim().toLowerCase().min(1, { message: 'validation.accountRequired' }).max(100),
  password: z.string().max(200).optional(),
});

/** POST /account/login → data (spec §3 "Login user"). */
export interface LoginResult {
  name: string;
  /** True when the password is the generated initial one (or otherwise must be changed). */
  pass_tips: boolean;
  token: string;
  menu: MenuItem[];
}

/** Answer to a login that needs the SMS step first. */
export interface LoginNeedsCode {
  need_code: true;
}

/** GET /adminmenu/getUserMenuList → data */
export interface UserMenuList {
  authority: string[];
  menu: MenuItem[];
}

/** GET /admin/current → data */
export interface CurrentAdmin {
  id: number;
  account: string;
  name: string;
  role_id: number;
  role_name: string;
  is_super: boolean;
  language: string;
  site_ids: number[];
  pass_tips: boolean;
}

/** One item of GET /adminmenu/getDynamicMenu: param ends with `=category_id`. */
export interface DynamicMenuItem {
  id: number;
  title: string;
  param: string;
  parent: 'customContent' | 'contentCheck';
  /** How the title is typed in pinyin, for the menu search (models/pinyinKeys.ts). */
  pinyin?: PinyinKeys;
}

/** A title's whole pinyin and its initials, lower case, no tones or spaces (内容管理 → neirongguanli, nrgl). */
export interface PinyinKeys {
  full: string;
  initials: string;
}

export { categoryIdFromParam } from './menuTree';
