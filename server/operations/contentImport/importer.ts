import type { Db } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { ApiError } from '../../http/errors';
import { translate } from '../../i18n/messages';
import { serverValidationLocale } from '../../http/validation';
import { registerJob } from '../../jobs/runner';
import { adminAuth } from '../adminAuth';
import { contentScaffold } from '../content/scaffold';
import { createContent } from '../content/saving';
import { IMPORT_PREVIEW_ROWS, type ImportKind, type ImportPreview, type ImportReport } from '../../../models/contentImport';
import type { ContentSave } from '../../../models/content';
import type { Language } from '../../../models/language';
import { checkRows, mapHeaders } from './rows';
import type { Sheet } from './sheet';

export const IMPORT_JOB = 'content.import';

/** Checks a file against a column: the mapping, every row's problems, and counts. */
export async function previewImport(db: Db, auth: AuthContext, lang: Language, kind: ImportKind, categoryId: number, sheet: Sheet) {
  const scaffold = await contentScaffold(db, auth, categoryId);
  const { mapping, ignored } = mapHeaders(sheet.headers, scaffold.fields);
  const checked = checkRows(sheet, mapping, scaffold.fields, categoryId, serverValidationLocale(lang));
  if (!mapping.some((m) => m.field === 'title')) {
    for (const r of checked) {
      r.body = null;
      if (!r.errors.some((e) => e.field === 'title')) r.errors.push({ field: 'title', message: translate(lang, 'import.noTitleColumn') });
    }
  }
  const valid = checked.filter((r) => r.body);
  const preview: ImportPreview = {
    kind,
    total: checked.length,
    valid: valid.length,
    invalid: checked.length - valid.length,
    mapping,
    ignored,
    rows: checked.slice(0, IMPORT_PREVIEW_ROWS).map(({ row, title, errors }) => ({ row, title, errors })),
  };
  return { preview, valid: valid.map((r) => ({ row: r.row, body: r.body! })) };
}

interface ImportPayload {
  adminId: number;
  language: Language;
  rows: Array<{ row: number; body: ContentSave }>;
}

// Creates the valid rows one by one as the admin who started it, with progress; a row that fails on
// the way (e.g. its column was deleted meanwhile) is reported, the others still go in.
registerJob(IMPORT_JOB, async (ctx) => {
  const { adminId, language, rows } = ctx.payload as unknown as ImportPayload;
  const auth = await adminAuth(ctx.db, adminId);
  if (!auth) throw new Error('the admin who started the import can no longer sign in');
  const report: ImportReport = { created: 0, failed: [] };
  for (const [i, { row, body }] of rows.entries()) {
    if (ctx.cancelled()) break;
    try {
      await createContent({ db: ctx.db, auth, lang: language }, body);
      report.created++;
    } catch (e) {
      const message = e instanceof ApiError ? translate(language, e.key, e.params) : e instanceof Error ? e.message : String(e);
      report.failed.push({ row, title: body.title, errors: [{ field: '_', message }] });
    }
    if (i % 10 === 9 || i === rows.length - 1) await ctx.progress(i + 1, rows.length);
  }
  return report as unknown as Record<string, unknown>;
});

export type { ImportPayload };
