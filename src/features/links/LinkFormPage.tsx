import { Alert, Button, Card, Grid, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { ArrowLeft, Save } from 'lucide-react';
import { linkResource } from '../../../models/resources/links';
import type { FieldDef } from '../../../models/resource';
import { t } from '../../i18n';
import { FieldControl } from '../resource/FieldControl';
import { useLinkForm } from './useLinkForm';

const def = linkResource;
const fieldsNamed = (...names: string[]) => names.map((n) => def.form.fields.find((f) => f.name === n)!);

/** The sections of the link page; every field of the link form appears in one. */
const SECTIONS: ReadonlyArray<{ key: string; fields: FieldDef[] }> = [
  { key: 'basic', fields: fieldsNamed('name', 'url', 'link_type', 'site_type', 'status', 'sort') },
  { key: 'partner', fields: fieldsNamed('weight', 'pr', 'deadline', 'platform', 'phone', 'adder', 'anchor') },
  { key: 'display', fields: fieldsNamed('jump', 'logo') },
];

function LinkForm({ kind }: { kind: 'add' | 'update' }) {
  const { form, missingId, leave } = useLinkForm(kind);
  const title = t(kind === 'add' ? 'menu.addLink' : 'menu.updateLink');
  // Closed with a record id: it could not be loaded (deleted, or of a site this admin does not manage).
  if (missingId || (kind === 'update' && !form.open && form.id !== null)) {
    return (
      <Stack gap="3" data-testid={`page-${kind}Link`}>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t(missingId ? 'links.missingId' : 'links.notFound')}</Alert.Title>
        </Alert.Root>
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={leave}>
          <ArrowLeft /> {t('links.back')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="4" maxW="1100px" data-testid={`page-${kind}Link`}>
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Button size="sm" variant="ghost" onClick={leave} data-testid="link-back">
          <ArrowLeft /> {t('links.back')}
        </Button>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={leave} disabled={form.submitting}>
            {t('common.cancel')}
          </Button>
          <Button size="sm" colorPalette="blue" onClick={form.submit} loading={form.submitting} disabled={!form.editable} data-testid="link-save" aria-label={`${t('common.save')} · ${title}`}>
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
        <Card.Root key={section.key} size="sm" variant="outline" data-testid={`link-section-${section.key}`}>
          <Card.Header pb="0">
            <Card.Title fontSize="md">{t(`links.groups.${section.key}`)}</Card.Title>
          </Card.Header>
          <Card.Body>
            {form.loading ? (
              <Stack gap="3">
                <Skeleton h="32px" />
                <Skeleton h="32px" />
              </Stack>
            ) : (
              <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' }} columnGap="6" rowGap="4">
                {section.fields.map((f) => (
                  <FieldControl key={f.name} resource={def.name} field={f} value={form.values[f.name]} error={form.errors[f.name]} mode={form.mode} onChange={(v) => form.change(f.name, v)} />
                ))}
              </Grid>
            )}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

export function AddLinkPage() {
  return <LinkForm kind="add" />;
}

export function UpdateLinkPage() {
  return <LinkForm kind="update" />;
}
