import { FIELD_LABELS, fieldLabel } from '../../../models/validationMessages';
import { MASK } from '../../../models/logs';
import { RESOURCES } from '../../../models/resources';
import { hasKey, languageStore, t } from '../../i18n';

// How an operation-log entry reads: the action by name, what it touched, and the submitted details as
// "标题：春季新品；栏目：3" instead of the JSON the server keeps.

const MAX_ENTRIES = 6;
const MAX_LIST = 5;
const MAX_TEXT = 40;

/** "修改个人资料" for admin.selfUpdate; an action logged before it had a name shows its key. */
export function actionName(operation: string): string {
  const key = `logs.actions.${operation}`;
  return hasKey(key) ? t(key) : operation;
}

/** "管理员" for admin. */
export function typeName(type: string): string {
  const key = `logs.types.${type}`;
  return type && hasKey(key) ? t(key) : type;
}

function label(type: string, field: string): string {
  const resourceKey = `resources.${type}.fields.${field}`;
  if (hasKey(resourceKey)) return t(resourceKey);
  const lang = languageStore.get();
  return FIELD_LABELS[lang][field] ? fieldLabel({ lang }, field) : field;
}

/** "开启" for code_auth 1 of an admin: the option label the resource's form or list shows for a value. */
function optionLabel(type: string, field: string, value: unknown): string | undefined {
  const def = RESOURCES.find((r) => r.name === type);
  if (!def) return undefined;
  const formField = def.form.fields.find((f) => f.name === field);
  const options = formField?.options?.kind === 'static' ? formField.options.options : def.list.columns.find((c) => c.name === field)?.options;
  const option = options?.find((o) => String(o.value) === String(value));
  return option && hasKey(option.label) ? t(option.label) : undefined;
}

function shortText(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > MAX_TEXT ? `${plain.slice(0, MAX_TEXT)}…` : plain;
}

function valueText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value === MASK) return MASK;
  if (typeof value === 'boolean') return t(value ? 'logs.yes' : 'logs.no');
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return shortText(value) || null;
  if (Array.isArray(value)) {
    if (!value.length) return null;
    if (value.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) {
      const shown = value.slice(0, MAX_LIST).map((v) => valueText(v) ?? t('logs.empty'));
      const rest = value.length - shown.length;
      return rest > 0 ? `${shown.join(', ')} ${t('logs.more', { count: rest })}` : shown.join(', ');
    }
    return t('logs.items', { count: value.length });
  }
  return t('logs.items', { count: Object.keys(value as object).length });
}

/** The submitted details of an entry, one "label：value" per field that had a value. */
export function detailsSummary(type: string, content: string): string {
  if (!content) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.endsWith('…') ? content.slice(0, -1) : content);
  } catch {
    return shortText(content);
  }
  if (Array.isArray(parsed)) {
    // A list body (several attachments at once): the names of its items.
    const names = parsed.map((item) => (item && typeof item === 'object' ? ((item as Record<string, unknown>).name ?? (item as Record<string, unknown>).title) : item));
    return valueText(names.filter((n) => n !== undefined)) ?? t('logs.items', { count: parsed.length });
  }
  if (!parsed || typeof parsed !== 'object') return valueText(parsed) ?? '';
  const entries = Object.entries(parsed as Record<string, unknown>)
    .map(([field, value]) => [field, (typeof value === 'number' || typeof value === 'string' ? optionLabel(type, field, value) : undefined) ?? valueText(value)] as const)
    .filter((e): e is readonly [string, string] => e[1] !== null);
  const shown = entries.slice(0, MAX_ENTRIES).map(([field, value]) => t('logs.detail', { label: label(type, field), value }));
  const rest = entries.length - shown.length;
  return shown.join(t('logs.separator')) + (rest > 0 ? `${t('logs.separator')}${t('logs.more', { count: rest })}` : '');
}
