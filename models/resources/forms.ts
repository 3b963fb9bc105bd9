import { defineResource, type Option } from '../resource';
import { Form, FormCreate, FormListQuery, FormUpdate, FORM_STATUSES, FORM_TYPES } from '../form';

// Forms and questionnaires (/Form/index): the list, the add/edit dialog and delete come from this
// declaration; design, data, publish and uninstall are the screen's own (src/features/forms/).

export const formTypeOptions: readonly Option[] = FORM_TYPES.map((v) => ({ value: v, label: `resources.form.options.type.${v}` }));
export const formStatusOptions: readonly Option[] = FORM_STATUSES.map((v) => ({ value: v, label: `resources.form.options.status.${v}` }));

export const formResource = defineResource({
  name: 'form',
  menu: 'form',
  siteScoped: true,
  softDelete: false,
  schema: Form,
  create: FormCreate,
  update: FormUpdate,
  listQuery: FormListQuery,
  actions: ['create', 'update', 'delete'],
  titleField: 'name',
  list: {
    columns: [
      { name: 'id', width: 60, wide: true },
      { name: 'name' },
      { name: 'code', kind: 'code', wide: true },
      { name: 'type', kind: 'enum', options: formTypeOptions, width: 90 },
      { name: 'status', width: 110 },
      { name: 'submission_count', width: 90 },
      { name: 'created_at', kind: 'datetime', wide: true },
    ],
    filters: [
      { name: 'name', kind: 'text' },
      { name: 'type', kind: 'select', options: { kind: 'static', options: formTypeOptions } },
      { name: 'status', kind: 'select', options: { kind: 'static', options: formStatusOptions } },
    ],
  },
  form: {
    fields: [
      { name: 'name', kind: 'text', required: true },
      { name: 'type', kind: 'select', required: true, options: { kind: 'static', options: formTypeOptions } },
      { name: 'code', kind: 'text', hint: 'resources.form.codeHint' },
      { name: 'creates_inquiry', kind: 'switch', hint: 'resources.form.createsInquiryHint' },
      { name: 'description', kind: 'textarea', span: 24 },
    ],
  },
});
