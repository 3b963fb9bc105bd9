import { Field } from '@chakra-ui/react';
import { categoryResource } from '../../../models/resources/sites';
import { t } from '../../i18n';
import { OptionSelect } from '../../components/OptionSelect';
import { RecordFormPage, type FormSection } from '../resource/RecordFormPage';
import { useColumnForm } from './useColumnForm';

const def = categoryResource;
const fieldsNamed = (...names: string[]) => names.map((n) => def.form.fields.find((f) => f.name === n)!);

/** The sections of the column page; every field of the column form appears in one. */
const SECTIONS: ReadonlyArray<FormSection> = [
  { key: 'basic', fields: fieldsNamed('title', 'alias', 'parent_id', 'model_id', 'type', 'link_url', 'status', 'sort', 'page_size') },
  { key: 'content', fields: fieldsNamed('image', 'description', 'content') },
  { key: 'seo', fields: fieldsNamed('seo_title', 'seo_keywords', 'seo_description') },
  { key: 'templates', fields: fieldsNamed('list_template', 'detail_template') },
];

function ColumnForm({ kind }: { kind: 'add' | 'update' }) {
  const { form, missingId, parentOptions, leave } = useColumnForm(kind);
  const type = Number(form.values.type ?? 1);
  return (
    <RecordFormPage
      kind={kind}
      form={form}
      missingId={missingId}
      leave={leave}
      resource={def.name}
      title={t(kind === 'add' ? 'menu.addColumn' : 'menu.updateColumn')}
      messages="category"
      testIds={{ page: 'Column', part: 'column' }}
      sections={SECTIONS}
      // An external link is only asked of link columns; a page body only of single pages.
      shows={(f) => (f.name !== 'link_url' || type === 3) && (f.name !== 'content' || type === 2)}
      control={(f) =>
        f.name === 'parent_id' ? (
          <Field.Root key={f.name} required invalid={Boolean(form.errors.parent_id)}>
            <Field.Label>
              {t('resources.category.fields.parent_id')}
              <Field.RequiredIndicator />
            </Field.Label>
            <OptionSelect testId="field-parent_id" value={form.values.parent_id ?? 0} options={parentOptions} emptyLabel={t('common.pleaseSelect')} onChange={(v) => form.change('parent_id', v ?? 0)} />
            {form.errors.parent_id && <Field.ErrorText>{form.errors.parent_id}</Field.ErrorText>}
          </Field.Root>
        ) : undefined
      }
    />
  );
}

export function AddColumnPage() {
  return <ColumnForm kind="add" />;
}

export function UpdateColumnPage() {
  return <ColumnForm kind="update" />;
}
