import { eq } from 'drizzle-orm';
import { models } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { toCategory } from '../../resources/category';
import { contentCounts } from '../categoryTree';
import { manageableCategory } from './access';
import { fieldsOfModel } from './modelFields';
import { emptyValueOf, isEmptyValue } from '../../../models/fieldValues';
import type { ContentScaffold } from '../../../models/content';

/** GET /content/create?category_id: the column, its model's fields and their default values (by field name). */
export async function contentScaffold(db: Executor, auth: AuthContext, categoryId: number): Promise<ContentScaffold> {
  const column = await manageableCategory(db, auth, categoryId);
  const [model] = await db.select({ name: models.name }).from(models).where(eq(models.id, column.modelId));
  const counts = await contentCounts(db, [column.id]);
  const fields = await fieldsOfModel(db, column.modelId);
  const defaults = Object.fromEntries(fields.map((f) => [f.name, isEmptyValue(f.default_value) ? emptyValueOf(f.type) : f.default_value]));
  return { category: toCategory(column, model?.name ?? '', counts.get(column.id) ?? 0), fields, defaults };
}
