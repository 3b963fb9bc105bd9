import { ApiError } from '../../http/errors';
import { translate, type MessageKey } from '../../i18n/messages';
import type { Language } from '../../../models/language';

/** A 400 naming the field, shaped like the schema validation's (msg "field: message", data.issues). */
export function fieldError(lang: Language, field: string, key: MessageKey, label = field): ApiError {
  const message = translate(lang, key);
  return new ApiError(400, 'error.validation', { field: label, message }, { issues: [{ field, message }] });
}
