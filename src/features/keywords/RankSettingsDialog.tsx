import { Grid, Text } from '@chakra-ui/react';
import { RANK_SETTING_FIELDS } from '../../../models/resources/keywords';
import { t } from '../../i18n';
import { FormDialog } from '../../components/FormDialog';
import { DiscardConfirm } from '../../components/DiscardConfirm';
import { FieldControl } from '../resource/FieldControl';
import { formatDateTime } from '../resource/format';
import type { RankSettingsForm } from './useRankSettings';

// The template's own placeholders, shown literally in the hint.
const PLACEHOLDERS = { keyword: '{keyword}', domain: '{domain}', engine: '{engine}', key: '{key}' };

/** The site's rank provider: URL template, JSON pointers into its answer, and the schedule. */
export function RankSettingsDialog({ form }: { form: RankSettingsForm }) {
  return (
    <>
      <FormDialog form={form} title={t('resources.rankSetting.title')} width={720} testId="rank-settings" loading={form.loadingRecord}>
        <>
          <Text fontSize="sm" color={form.domain ? 'fg.muted' : 'red.fg'} mb="3" data-testid="rank-domain">
            {form.domain ? t('keywords.domain', { domain: form.domain }) : t('keywords.noDomain')}
            {form.lastRun && ` · ${t('keywords.lastRun', { time: formatDateTime(form.lastRun) })}`}
          </Text>
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
            {RANK_SETTING_FIELDS.map((f) => (
              <FieldControl key={f.name} resource="rankSetting" field={f} value={form.values[f.name]} error={form.errors[f.name]} mode="edit" onChange={(v) => form.change(f.name, v)} />
            ))}
          </Grid>
          <Text fontSize="xs" color="fg.muted" mt="2" wordBreak="break-all">
            {t('resources.rankSetting.templateHint', PLACEHOLDERS)}
          </Text>
        </>
      </FormDialog>
      <DiscardConfirm open={form.confirmingClose} onDiscard={form.confirmClose} onKeepEditing={form.cancelClose} />
    </>
  );
}
