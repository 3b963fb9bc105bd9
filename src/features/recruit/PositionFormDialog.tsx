import { lazy, Suspense } from 'react';
import { Field, Spinner } from '@chakra-ui/react';
import { positionResource } from '../../../models/resources/recruit';
import type { FieldDef } from '../../../models/resource';
import { t } from '../../i18n';
import { ResourceFormDialog } from '../resource/ResourceFormDialog';
import type { ResourceForm } from '../resource/useResourceForm';
import { uploadImage } from '../content/ImageInput';

const RichTextEditor = lazy(() => import('../../components/editor/RichTextEditor'));
const def = positionResource;
const SALARY_FIELDS = new Set(['salary_min', 'salary_max']);

/** A position's add/edit dialog: the declared fields, the description in the rich-text editor, salary fields hidden while negotiable. */
export function PositionFormDialog({ form }: { form: ResourceForm }) {
  const shown = (f: FieldDef) => !(SALARY_FIELDS.has(f.name) && form.values.negotiable === true);
  const renderField = (f: FieldDef) =>
    f.name !== 'description' ? undefined : (
      <Field.Root key={f.name} gridColumn="1 / -1" invalid={Boolean(form.errors.description)}>
        <Field.Label>{t('resources.position.fields.description')}</Field.Label>
        <Suspense fallback={<Spinner size="sm" />}>
          <RichTextEditor
            value={String(form.values.description ?? '')}
            label={t('resources.position.fields.description')}
            onChange={(html: string) => form.change('description', html)}
            height={240}
            upload={uploadImage}
            testId="field-description"
          />
        </Suspense>
        {form.errors.description && <Field.ErrorText>{form.errors.description}</Field.ErrorText>}
      </Field.Root>
    );
  return <ResourceFormDialog def={def} form={form} width={900} columns={3} shown={shown} renderField={renderField} />;
}
