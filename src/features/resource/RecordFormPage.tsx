import type { ReactNode } from 'react';
import { Alert, Button, Card, Grid, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { ArrowLeft, Save } from 'lucide-react';
import type { FieldDef } from '../../../models/resource';
import { t } from '../../i18n';
import type { PageForm } from '../website/usePageForm';
import { FieldControl } from './FieldControl';
import { SAVE_HOTKEY } from '../../app/saveShortcut';

export interface FormSection {
  key: string;
  fields: FieldDef[];
}

export interface RecordFormPageProps {
  kind: 'add' | 'update';
  form: PageForm;
  /** Update page opened without an id. */
  missingId: boolean;
  leave: () => void;
  /** The resource whose field labels the controls use. */
  resource: string;
  /** The page's title, for the save button's name. */
  title: string;
  /** Catalog namespace with `back`, `missingId`, `notFound` and `groups.<section>` (e.g. 'links'). */
  messages: string;
  /** Test ids: `page-<kind><Page>` and `<part>-back`, `<part>-save`, `<part>-section-<key>`. */
  testIds: { page: string; part: string };
  sections: ReadonlyArray<FormSection>;
  /** Fields asked only in some cases (e.g. by the record's type). */
  shows?: (field: FieldDef) => boolean;
  /** A control of its own for a field; the generic control otherwise. */
  control?: (field: FieldDef) => ReactNode | undefined;
}

/** A record's full-page add/update form (columns, friendly links): back, cancel and save above sections of fields. */
export function RecordFormPage({ kind, form, missingId, leave, resource, title, messages, testIds, sections, shows = () => true, control }: RecordFormPageProps) {
  // Closed with a record id: it could not be loaded (deleted, or of a site this admin does not manage).
  if (missingId || (kind === 'update' && !form.open && form.id !== null)) {
    return (
      <Stack gap="3" data-testid={`page-${kind}${testIds.page}`}>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t(missingId ? `${messages}.missingId` : `${messages}.notFound`)}</Alert.Title>
        </Alert.Root>
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={leave}>
          <ArrowLeft /> {t(`${messages}.back`)}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="4" maxW="1100px" data-testid={`page-${kind}${testIds.page}`}>
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Button size="sm" variant="ghost" onClick={leave} data-testid={`${testIds.part}-back`}>
          <ArrowLeft /> {t(`${messages}.back`)}
        </Button>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={leave} disabled={form.submitting}>
            {t('common.cancel')}
          </Button>
          <Button size="sm" colorPalette="blue" onClick={form.submit} loading={form.submitting} disabled={!form.editable} data-testid={`${testIds.part}-save`} {...SAVE_HOTKEY} aria-label={`${t('common.save')} · ${title}`}>
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
      {sections.map((section) => (
        <Card.Root key={section.key} size="sm" variant="outline" data-testid={`${testIds.part}-section-${section.key}`}>
          <Card.Header pb="0">
            <Card.Title fontSize="md">{t(`${messages}.groups.${section.key}`)}</Card.Title>
          </Card.Header>
          <Card.Body>
            {form.loading ? (
              <Stack gap="3">
                <Skeleton h="32px" />
                <Skeleton h="32px" />
              </Stack>
            ) : (
              <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' }} columnGap="6" rowGap="4">
                {section.fields.filter(shows).map(
                  (f) =>
                    control?.(f) ?? (
                      <FieldControl key={f.name} resource={resource} field={f} value={form.values[f.name]} error={form.errors[f.name]} mode={form.mode} onChange={(v) => form.change(f.name, v)} />
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
