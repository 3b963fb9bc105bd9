import type { ApiError } from '../../http/errors';
import { invalidField } from '../../http/validation';
import type { MessageKey } from '../../i18n/messages';
import type { Language } from '../../../models/language';

/** A 400 naming the field, shaped like the schema validation's (msg a sentence, data.issues). */
export function fieldError(lang: Language, field: string, key: MessageKey, label?: string): ApiError {
  return invalidField(lang, field, key, label);
}
