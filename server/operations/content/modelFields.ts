import { ApiError } from '../../http/errors';
import { serverValidationLocale } from '../../http/validation';
import { fieldSentence } from '../../../models/validationMessages';
import { sanitizeBody } from '../../services/sanitize';
import { validateFieldValues } from '../../../models/fieldValues';
import type { ModelField } from '../../../models/contentModel';
import type { Language } from '../../../models/language';

// The values of a column's model fields on a content item: checked against the model on every save.

// The model's fields come from the model-field resource (one mapping of the row).
export { fieldsOfModel, toModelField } from '../../resources/modelField';

/**
 * The stored values: coerced per type, defaults applied, unknown names dropped, rich text sanitised.
 * A failure answers 400 naming the field by its title (data.issues lists every failing field as fields.<name>).
 */
export function checkedFieldValues(fields: readonly ModelField[], values: Record<string, unknown>, lang: Language): Record<string, unknown> {
  const result = validateFieldValues(fields, values);
  const failing = fields.filter((f) => result.errors[f.name]);
  if (failing.length) {
    const locale = serverValidationLocale(lang);
    const issues = failing.map((f) => ({ field: `fields.${f.name}`, message: fieldSentence({ ...locale, label: () => f.title }, `fields.${f.name}`, result.errors[f.name]!) }));
    throw new ApiError(400, 'error.invalidInput', { message: issues[0]!.message }, { issues });
  }
  for (const f of fields) {
    if (f.type === 'richtext' && typeof result.values[f.name] === 'string') result.values[f.name] = sanitizeBody(result.values[f.name] as string);
  }
  return result.values;
}
