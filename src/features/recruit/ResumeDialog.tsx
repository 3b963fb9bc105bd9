import type { ReactNode } from 'react';
import { Alert, Button, DataList, Field, Link, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { resumeStatusOptions } from '../../../models/resources/recruit';
import { t } from '../../i18n';
import { DraggableDialog } from '../../components/DraggableDialog';
import { DiscardConfirm } from '../../components/DiscardConfirm';
import { OptionSelect } from '../../components/OptionSelect';
import { formatDateTime } from '../resource/format';
import type { ResumeDetail } from './useResumeDetail';
import { SAVE_HOTKEY } from '../../app/saveShortcut';

const field = (name: string) => t(`resources.resume.fields.${name}`);
const orDash = (v: string | undefined) => v || '—';
const statusOptions = resumeStatusOptions.map((o) => ({ value: o.value, label: t(o.label) }));

/** One resume in full: who, for which position, the file; its status and notes can be changed here. */
export function ResumeDialog({ detail }: { detail: ResumeDetail }) {
  const { form, resume: r } = detail;
  const rows: Array<[string, ReactNode]> = [
    ['name', r.name],
    ['position_title', orDash(r.position_title)],
    ['phone', orDash(r.phone)],
    ['email', r.email ? <Link href={`mailto:${r.email}`}>{r.email}</Link> : '—'],
    ['delivered_at', r.delivered_at ? formatDateTime(r.delivered_at) : '—'],
    ['source', r.source === 'admin' ? t('recruit.sourceAdmin') : t('recruit.sourceSite')],
    [
      'file_name',
      r.file_url ? (
        <Link href={r.file_url} target="_blank" rel="noopener noreferrer" data-testid="resume-file" wordBreak="break-all">
          <Download size={14} /> {r.file_name || t('recruit.download')}
        </Link>
      ) : (
        <Text as="span" color="fg.muted">
          {t('recruit.noFile')}
        </Text>
      ),
    ],
    ['message', <Text as="span" whiteSpace="pre-wrap">{orDash(r.message)}</Text>],
  ];
  return (
    <>
      <DraggableDialog
        open={form.open}
        onClose={form.close}
        width={640}
        testId="resume-dialog"
        title={r.name ? t('recruit.detailTitle', { name: r.name }) : t('recruit.view')}
        footer={
          <>
            <Button size="sm" variant="outline" onClick={form.close} disabled={form.busy}>
              {t('common.close')}
            </Button>
            <Button size="sm" colorPalette="blue" onClick={form.submit} loading={form.submitting} disabled={!form.editable} data-testid="resume-save" {...SAVE_HOTKEY}>
              {t('common.save')}
            </Button>
          </>
        }
      >
        {form.error && (
          <Alert.Root status="error" mb="3" size="sm">
            <Alert.Indicator />
            <Alert.Title>{form.error}</Alert.Title>
          </Alert.Root>
        )}
        {form.loading ? (
          <Stack gap="3">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height="18px" />
            ))}
          </Stack>
        ) : (
          <Stack gap="4">
            <DataList.Root orientation="horizontal" size="sm" gap="2">
              {rows.map(([name, value]) => (
                <DataList.Item key={name}>
                  <DataList.ItemLabel minW="88px">{field(name)}</DataList.ItemLabel>
                  <DataList.ItemValue data-testid={`resume-${name}`}>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
            <Field.Root invalid={Boolean(form.errors.status)}>
              <Field.Label>{field('status')}</Field.Label>
              <OptionSelect testId="resume-status" value={form.values.status} options={statusOptions} emptyLabel={t('common.pleaseSelect')} onChange={(v) => form.change('status', v)} />
              {form.errors.status && <Field.ErrorText>{form.errors.status}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={Boolean(form.errors.notes)}>
              <Field.Label>{field('notes')}</Field.Label>
              <Textarea data-testid="resume-notes" rows={3} value={String(form.values.notes ?? '')} onChange={(e) => form.change('notes', e.currentTarget.value)} />
              {form.errors.notes && <Field.ErrorText>{form.errors.notes}</Field.ErrorText>}
            </Field.Root>
          </Stack>
        )}
      </DraggableDialog>
      <DiscardConfirm open={form.confirmingClose} onDiscard={form.confirmClose} onKeepEditing={form.cancelClose} />
    </>
  );
}
