import { Alert, Button, Card, Field, Grid, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { ArrowLeft, Save } from 'lucide-react';
import { categoryResource } from '../../../models/resources/sites';
import type { FieldDef } from '../../../models/resource';
import { t } from '../../i18n';
import { OptionSelect } from '../../components/OptionSelect';
import { FieldControl } from '../resource/FieldControl';
import { useColumnForm } from './useColumnForm';

const def = categoryResource;
const fieldsNamed = (...names: string[]) => names.map((n) => def.form.fields.find((f) => f.name === n)!);

/** The sections of the column page; every field of the column form appears in one. */
const SECTIONS: ReadonlyArray<{ key: string; fields: FieldDef[] }> = [
  { key: 'basic', fields: fieldsNamed('title', 'alias', 'parent_id', 'model_id', 'type', 'link_url', 'status', 'sort', 'page_size') },
  { key: 'content', fields: fieldsNamed('image', 'description', 'content') },
  { key: 'seo', fields: fieldsNamed('seo_title', 'seo_keywords', 'seo_description') },
  { key: 'templates', fields: fieldsNamed('list_template', 'detail_template') },
];

function ColumnForm({ kind }: { kind: 'add' | 'update' }) {
  const { form, missingId, parentOptions, leave } = useColumnForm(kind);
  const type = Number(form.values.type ?? 1);
  const title = t(kind === 'add' ? 'menu.addColumn' : 'menu.updateColumn');
  // Closed with a record id: it could not be loaded (deleted, or of a site this admin does not manage).
  if (missingId || (kind === 'update' && !form.open && form.id !== null)) {
    return (
      <Stack gap="3" data-testid={`page-${kind}Column`}>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t(missingId ? 'category.missingId' : 'category.notFound')}</Alert.Title>
        </Alert.Root>
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={leave}>
          <ArrowLeft /> {t('category.back')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="4" maxW="1100px" data-testid={`page-${kind}Column`}>
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Button size="sm" variant="ghost" onClick={leave} data-testid="column-back">
          <ArrowLeft /> {t('category.back')}
        </Button>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={leave} disabled={form.submitting}>
            {t('common.cancel')}
          </Button>
          <Button size="sm" colorPalette="blue" onClick={form.submit} loading={form.submitting} disabled={!form.editable} data-testid="column-save" aria-label={`${t('common.save')} · ${title}`}>
            <Save /> {t('common.save')}
          </Button>
        </HStack>
      </HStack>
      {form.error && (
        <Alert.Root status="error" size="sm" data-testid="form-error">
          <Alert.Indicator />
          <Alert.Title>{form.error}</Alert.Title>
        </Alert.Root>
      )}
      {SECTIONS.map((section) => (
        <Card.Root key={section.key} size="sm" variant="outline" data-testid={`column-section-${section.key}`}>
          <Card.Header pb="0">
            <Card.Title fontSize="md">{t(`category.groups.${section.key}`)}</Card.Title>
          </Card.Header>
          <Card.Body>
            {form.loading ? (
              <Stack gap="3">
                <Skeleton h="32px" />
                <Skeleton h="32px" />
              </Stack>
            ) : (
              <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' }} columnGap="6" rowGap="4">
                {section.fields
                  // An external link is only asked of link columns; a page body only of single pages.
                  .filter((f) => (f.name !== 'link_url' || type === 3) && (f.name !== 'content' || type === 2))
                  .map((f) =>
                    f.name === 'parent_id' ? (
                      <Field.Root key={f.name} required invalid={Boolean(form.errors.parent_id)}>
                        <Field.Label>
                          {t('resources.category.fields.parent_id')}
                          <Field.RequiredIndicator />
                        </Field.Label>
                        <OptionSelect testId="field-parent_id" value={form.values.parent_id ?? 0} options={parentOptions} emptyLabel={t('common.pleaseSelect')} onChange={(v) => form.change('parent_id', v ?? 0)} />
                        {form.errors.parent_id && <Field.ErrorText>{form.errors.parent_id}</Field.ErrorText>}
                      </Field.Root>
                    ) : (
                      <FieldControl key={f.name} resource={def.name} field={f} value={form.values[f.name]} error={form.errors[f.name]} mode={form.mode} onChange={(v) => form.change(f.name, v)} />
                    ),
                  )}
              </Grid>
            )}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

export function AddColumnPage() {
  return <ColumnForm kind="add" />;
}

export function UpdateColumnPage() {
  return <ColumnForm kind="update" />;
}
