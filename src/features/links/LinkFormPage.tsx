import { linkResource } from '../../../models/resources/links';
import { t } from '../../i18n';
import { RecordFormPage, type FormSection } from '../resource/RecordFormPage';
import { useLinkForm } from './useLinkForm';

const def = linkResource;
const fieldsNamed = (...names: string[]) => names.map((n) => def.form.fields.find((f) => f.name === n)!);

/** The sections of the link page; every field of the link form appears in one. */
const SECTIONS: ReadonlyArray<FormSection> = [
  { key: 'basic', fields: fieldsNamed('name', 'url', 'link_type', 'site_type', 'status', 'sort') },
  { key: 'partner', fields: fieldsNamed('weight', 'pr', 'deadline', 'platform', 'phone', 'adder', 'anchor') },
  { key: 'display', fields: fieldsNamed('jump', 'logo') },
];

function LinkForm({ kind }: { kind: 'add' | 'update' }) {
  const { form, missingId, leave } = useLinkForm(kind);
  return (
    <RecordFormPage
      kind={kind}
      form={form}
      missingId={missingId}
      leave={leave}
      resource={def.name}
      title={t(kind === 'add' ? 'menu.addLink' : 'menu.updateLink')}
      messages="links"
      testIds={{ page: 'Link', part: 'link' }}
      sections={SECTIONS}
    />
  );
}

export function AddLinkPage() {
  return <LinkForm kind="add" />;
}

export function UpdateLinkPage() {
  return <LinkForm kind="update" />;
}
