import { z } from 'zod';
import { INQUIRY_EMAIL } from './inquiry';

// The company group of the system settings (spec §3 "Site settings entry": company name, phone, e-mail and
// address). One set for the whole installation; themes show it (the default theme in its footer) as the
// Liquid variable `company`.

/** Digits, spaces and dashes, with an optional leading +: "+86 571 8888-6666". */
export const COMPANY_PHONE = /^\+?[\d\s-]*\d[\d\s-]*$/;

export const CompanySettings = z.object({
  name: z.string().trim().max(100).default(''),
  phone: z
    .string()
    .trim()
    .max(40)
    .refine((v) => v === '' || COMPANY_PHONE.test(v), { message: 'validation.companyPhone' })
    .default(''),
  email: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || INQUIRY_EMAIL.test(v), { message: 'validation.mailAddress' })
    .default(''),
  address: z.string().trim().max(300).default(''),
});
export type CompanySettings = z.infer<typeof CompanySettings>;
