import { useEffect } from 'react';
import { Field, Input } from '@chakra-ui/react';
import type { FieldDef } from '../../../models/resource';
import { ResumeSaveFields } from '../../../models/position';
import type { Values } from '../../../machines/resourceForm.machine';
import { post } from '../../api/http';
import { hasKey, t } from '../../i18n';
import { validateWith } from '../../i18n/zodErrors';
import { leaveTo } from '../../app/root';
import { RecordFormPage, type FormSection } from '../resource/RecordFormPage';
import { usePageForm } from '../website/usePageForm';

const LIST_PATH = '/resume/index';
const SAVE_PATH = '/resume/save';

const SECTIONS: ReadonlyArray<FormSection> = [
  {
    key: 'basic',
    fields: [
      { name: 'position_id', kind: 'select', required: true, options: { kind: 'resource', api: 'position', valueKey: 'id', labelKey: 'title' } },
      { name: 'name', kind: 'text', required: true },
      { name: 'phone', kind: 'text' },
      { name: 'email', kind: 'email' },
      { name: 'delivered_at', kind: 'datetime', hint: 'recruit.deliveredHint' },
      { name: 'message', kind: 'textarea', span: 24 },
    ],
  },
  {
    key: 'extra',
    fields: [
      { name: 'file', kind: 'text' },
      { name: 'notes', kind: 'textarea', span: 24 },
    ],
  },
];
const blank = (): Values => ({ position_id: undefined, name: '', phone: '', email: '', message: '', notes: '', delivered_at: '', file: null });
const label = (field: string) => (hasKey(`resources.resume.fields.${field}`) ? t(`resources.resume.fields.${field}`) : undefined);

/** A resume as the multipart body POST /resume/save takes (the file only when one was chosen). */
function bodyOf(values: Values): FormData {
  const body = new FormData();
  for (const key of Object.keys(ResumeSaveFields.shape)) {
    const v = values[key];
    if (v !== undefined && v !== null) body.append(key, String(v));
  }
  if (values.file instanceof File) body.append('file', values.file, values.file.name);
  return body;
}

/** /resume/save: adds a resume by hand (a position of this site, the candidate's details, an optional file). */
export default function ResumeSavePage() {
  const leave = () => leaveTo(LIST_PATH, [SAVE_PATH]);
  const form = usePageForm({
    validate: (values) => validateWith(ResumeSaveFields, values, label),
    load: async () => blank(),
    save: async (values) => (await post('/resume/save', bodyOf(values), { timeout: 120_000 })).msg,
    onSaved: leave,
  });
  useEffect(() => {
    form.reset();
    form.startCreate(blank());
  }, []);
  return (
    <RecordFormPage
      kind="add"
      form={form}
      missingId={false}
      leave={leave}
      resource="resume"
      title={t('menu.resumeSave')}
      messages="recruit"
      testIds={{ page: 'Resume', part: 'resume' }}
      sections={SECTIONS}
      control={(f: FieldDef) =>
        f.name === 'file' ? (
          <Field.Root key="file" invalid={Boolean(form.errors.file)}>
            <Field.Label>{t('resources.resume.fields.file')}</Field.Label>
            <Input
              type="file"
              p="1"
              accept=".pdf,.doc,.docx,.txt"
              data-testid="field-file"
              onChange={(e) => form.change('file', e.currentTarget.files?.[0] ?? null)}
            />
            {form.errors.file ? <Field.ErrorText>{form.errors.file}</Field.ErrorText> : <Field.HelperText>{t('recruit.fileHint')}</Field.HelperText>}
          </Field.Root>
        ) : undefined
      }
    />
  );
}
