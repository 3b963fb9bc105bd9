import { Field, Grid, Input, Text } from '@chakra-ui/react';
import { t } from '../../i18n';
import type { PageForm } from '../website/usePageForm';
import { GroupCard, TextSetting } from './GroupCard';
import { UPLOAD_KINDS, type UploadKind } from './sysSettingsForm';

/** Kind, size limit, formats; on a phone the kind goes above its two inputs. */
const COLUMNS = { base: '96px minmax(0, 1fr)', md: '120px 160px minmax(0, 1fr)' };

type KindRow = { max_kb?: unknown; formats?: unknown };

/** One kind of file: its size limit and allowed formats, side by side (stacked on a phone). */
function KindSetting({ form, kind }: { form: PageForm; kind: UploadKind }) {
  const row = (form.values[kind] ?? {}) as KindRow;
  const change = (patch: KindRow) => form.change(kind, { ...row, ...patch });
  const error = form.errors[kind];
  return (
    <Grid templateColumns={COLUMNS} gap={{ base: '1.5', md: '3' }} alignItems="start" data-testid={`sys-kind-${kind}`}>
      <Text fontSize="sm" fontWeight="medium" pt={{ md: '1.5' }} gridColumn={{ base: '1 / -1', md: 'auto' }}>
        {t(`sysSetting.kinds.${kind}`)}
      </Text>
      <Field.Root invalid={Boolean(error)}>
        <Input
          size="sm"
          type="number"
          min={1}
          aria-label={`${t(`sysSetting.kinds.${kind}`)} ${t('sysSetting.fields.max_kb')}`}
          placeholder={t('sysSetting.fields.max_kb')}
          data-testid={`sys-${kind}-max_kb`}
          value={row.max_kb === undefined ? '' : String(row.max_kb)}
          onChange={(e) => change({ max_kb: e.currentTarget.value })}
        />
      </Field.Root>
      <Field.Root invalid={Boolean(error)}>
        <Input
          size="sm"
          aria-label={`${t(`sysSetting.kinds.${kind}`)} ${t('sysSetting.fields.formats')}`}
          placeholder={t('sysSetting.hints.formats')}
          data-testid={`sys-${kind}-formats`}
          value={String(row.formats ?? '')}
          onChange={(e) => change({ formats: e.currentTarget.value })}
        />
        {error && <Field.ErrorText data-testid={`sys-${kind}-error`}>{error}</Field.ErrorText>}
      </Field.Root>
    </Grid>
  );
}

/** Chunked uploads, the image pixel limit, and each kind's size limit and formats. */
export function UploadCard({ form }: { form: PageForm }) {
  return (
    <GroupCard group="upload" form={form}>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }} gap="4">
        <TextSetting form={form} name="chunk_size" type="number" hint={t('sysSetting.hints.chunk_size')} />
        <TextSetting form={form} name="chunk_condition" type="number" hint={t('sysSetting.hints.chunk_condition')} />
        <TextSetting form={form} name="image_max_pixels" type="number" hint={t('sysSetting.hints.image_max_pixels')} />
      </Grid>
      <Grid templateColumns={COLUMNS} gap={{ base: '1.5', md: '3' }} color="fg.muted" fontSize="xs" mb="-2">
        <Text hideBelow="md">{t('sysSetting.fields.kind')}</Text>
        <Text>{t('sysSetting.fields.max_kb')}</Text>
        <Text>
          {t('sysSetting.fields.formats')} · {t('sysSetting.hints.formats')}
        </Text>
      </Grid>
      {UPLOAD_KINDS.map((kind) => (
        <KindSetting key={kind} form={form} kind={kind} />
      ))}
    </GroupCard>
  );
}
