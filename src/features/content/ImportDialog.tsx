import { Alert, Badge, Box, Button, Field, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { Download, Upload } from 'lucide-react';
import { IMPORT_KINDS, type ImportKind } from '../../../models/contentImport';
import { OptionSelect } from '../../components/OptionSelect';
import { DraggableDialog } from '../../components/DraggableDialog';
import { t } from '../../i18n';
import { http } from '../../api/http';
import type { ContentImport } from './useContentImport';

/** Import rows of a CSV or Excel file into a column: preview with per-row errors, then a job with progress. */
export function ImportDialog({ imp, categoryId, columnTitle }: { imp: ContentImport; categoryId: number; columnTitle: string }) {
  const p = imp.preview;
  return (
    <DraggableDialog
      open={imp.open}
      onClose={() => !imp.busy && imp.close()}
      title={`${t('content.import.title')} · ${columnTitle}`}
      width={820}
      testId="import-dialog"
      footer={
        imp.finished ? (
          <Button size="sm" onClick={imp.close}>
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={imp.close} disabled={imp.busy}>
              {t('common.cancel')}
            </Button>
            <Button size="sm" colorPalette="blue" onClick={imp.commit} disabled={!imp.canCommit} loading={imp.busy && !imp.running && Boolean(p)} data-testid="import-commit">
              {t('content.import.commit', { count: p?.valid ?? 0 })}
            </Button>
          </>
        )
      }
    >
      <Stack gap="4">
        <HStack gap="3" flexWrap="wrap" align="flex-end">
          <Field.Root w="200px">
            <Field.Label>{t('content.import.kind')}</Field.Label>
            <OptionSelect
              testId="import-kind"
              value={imp.kind}
              options={IMPORT_KINDS.map((k) => ({ value: k, label: t(`content.import.kinds.${k}`) }))}
              emptyLabel={t('common.pleaseSelect')}
              onChange={(v) => v && imp.setKind(v as ImportKind)}
            />
          </Field.Root>
          <Button size="sm" variant="outline" asChild disabled={!imp.canChoose}>
            <label>
              <Upload /> {imp.fileName || t('content.import.choose')}
              <input hidden type="file" accept=".csv,.xlsx" data-testid="import-file" onChange={(e) => e.currentTarget.files?.[0] && imp.choose(e.currentTarget.files[0])} />
            </label>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void downloadTemplate(categoryId)} data-testid="import-template">
            <Download /> {t('content.import.template')}
          </Button>
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          {t('content.import.hint')}
        </Text>
        {imp.error && (
          <Alert.Root status="error" size="sm" data-testid="import-error">
            <Alert.Indicator />
            <Alert.Title>{imp.error}</Alert.Title>
          </Alert.Root>
        )}
        {p && !imp.running && !imp.finished && (
          <Stack gap="2" data-testid="import-preview">
            <HStack gap="2" flexWrap="wrap">
              <Badge>{t('content.import.total', { count: p.total })}</Badge>
              <Badge colorPalette="green">{t('content.import.valid', { count: p.valid })}</Badge>
              <Badge colorPalette={p.invalid ? 'red' : 'gray'}>{t('content.import.invalid', { count: p.invalid })}</Badge>
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              {p.mapping.map((m) => `${m.header} → ${m.field}`).join('，')}
              {p.ignored.length > 0 && ` · ${t('content.import.ignored')}: ${p.ignored.join('，')}`}
            </Text>
            <Box maxH="300px" overflowY="auto" borderWidth="1px" rounded="md">
              <Table.Root size="sm" stickyHeader>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader w="70px">{t('content.import.row')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('content.form.title')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('content.import.problems')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {p.rows.map((r) => (
                    <Table.Row key={r.row} data-testid={`import-row-${r.row}`} bg={r.errors.length ? 'red.subtle' : undefined}>
                      <Table.Cell>{r.row}</Table.Cell>
                      <Table.Cell>{r.title || '—'}</Table.Cell>
                      <Table.Cell fontSize="xs" color={r.errors.length ? 'fg.error' : 'fg.success'}>
                        {r.errors.length ? r.errors.map((e) => e.message).join('；') : t('content.import.ok')}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          </Stack>
        )}
        {(imp.running || imp.finished) && (
          <Stack gap="2" data-testid="import-progress">
            <Progress.Root value={imp.progress} size="sm" colorPalette={imp.error ? 'red' : 'blue'}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text fontSize="sm">{imp.finished ? t('content.import.done', { created: imp.report?.created ?? 0, failed: imp.report?.failed.length ?? 0 }) : `${imp.progress}%`}</Text>
            {imp.report?.failed.map((f) => (
              <Text key={f.row} fontSize="xs" color="fg.error">
                {t('content.import.row')} {f.row}: {f.errors.map((e) => e.message).join('；')}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </DraggableDialog>
  );
}

/** The template is behind the session header, so it is fetched and saved rather than linked. */
async function downloadTemplate(categoryId: number) {
  const res = await http.get(`/ContentImport/template`, { params: { category_id: categoryId }, responseType: 'blob' });
  const url = URL.createObjectURL(res.data as Blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: `import-${categoryId}.csv` });
  a.click();
  URL.revokeObjectURL(url);
}
