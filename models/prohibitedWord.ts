import { z } from 'zod';
import { Id, NumberFilter, Paging, TextFilter } from './common';

// The prohibited-word dictionary (/ProhibitedWord/index), global to every site: level 1 sensitive,
// 2 prohibited (spec §3 "Prohibited-word result").

export const WORD_LEVEL_SENSITIVE = 1;
export const WORD_LEVEL_PROHIBITED = 2;
export const WordLevel = z.coerce.number().pipe(z.union([z.literal(WORD_LEVEL_SENSITIVE), z.literal(WORD_LEVEL_PROHIBITED)]));
/** Most lines one import takes. */
export const WORD_IMPORT_MAX_LINES = 5000;

export const ProhibitedWord = z.object({
  id: z.number().int(),
  word: z.string(),
  paraphrase: z.string(),
  type: z.string(),
  level: WordLevel,
  created_at: z.string(),
});
export type ProhibitedWord = z.infer<typeof ProhibitedWord>;

const wordFields = {
  word: z.string().trim().min(1, { message: 'validation.required' }).max(50),
  paraphrase: z.string().trim().max(500).default(''),
  type: z.string().trim().max(50).default(''),
  level: WordLevel.default(WORD_LEVEL_SENSITIVE),
};
export const ProhibitedWordFields = z.object(wordFields);
export const ProhibitedWordCreate = z.object(wordFields);
export const ProhibitedWordUpdate = z.object({ id: Id, ...wordFields });
export const ProhibitedWordListQuery = Paging.extend({ word: TextFilter, type: TextFilter, level: NumberFilter });

/** POST /prohibitedWord/import: pasted lines "word,level,type,paraphrase" (level, type and paraphrase optional). */
export const WordImportBody = z.object({
  text: z
    .string()
    .max(500_000)
    .refine((v) => v.trim() !== '', { message: 'validation.required' }),
});
export interface WordImportError {
  /** 1-based line number in the pasted text. */
  line: number;
  text: string;
  message: string;
}
export interface WordImportResult {
  imported: number;
  errors: WordImportError[];
}
