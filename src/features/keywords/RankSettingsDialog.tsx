import { Alert, Button, Grid, Spinner, Text } from '@chakra-ui/react';
import { RANK_SETTING_FIELDS } from '../../../models/resources/keywords';
import { t } from '../../i18n';
import { DraggableDialog } from '../../components/DraggableDialog';
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
      <DraggableDialog
        open={form.open}
        onClose={form.close}
        title={t('resources.rankSetting.title')}
        width={720}
        testId="rank-settings"
        footer={
          <>
            <Button size="sm" variant="outline" onClick={form.close} disabled={form.busy}>
              {t('common.cancel')}
            </Button>
            <Button size="sm" colorPalette="blue" onClick={form.submit} loading={form.submitting} disabled={!form.editable} data-testid="form-submit">
              {t('common.save')}
            </Button>
          </>
        }
      >
        {form.error && (
          <Alert.Root status="error" mb="3" size="sm" data-testid="form-error">
            <Alert.Indicator />
            <Alert.Title>{form.error}</Alert.Title>
          </Alert.Root>
        )}
        {form.loadingRecord ? (
          <Spinner />
        ) : (
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
        )}
      </DraggableDialog>
      <DiscardConfirm open={form.confirmingClose} onDiscard={form.confirmClose} onKeepEditing={form.cancelClose} />
    </>
  );
}
