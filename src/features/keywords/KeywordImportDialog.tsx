import { Alert, Box, Button, Field, Stack, Text } from '@chakra-ui/react';
import { FileUp } from 'lucide-react';
import { t } from '../../i18n';
import { DraggableDialog } from '../../components/DraggableDialog';
import type { KeywordImport } from './useKeywordImport';

/** Choose a CSV or Excel file; the report lists each row that was not imported and why. */
export function KeywordImportDialog({ im }: { im: KeywordImport }) {
  const report = im.report;
  return (
    <DraggableDialog
      open={im.open}
      onClose={im.close}
      title={t('keywords.importTitle')}
      width={640}
      testId="keyword-import"
      footer={
        im.reported ? (
          <>
            <Button size="sm" variant="outline" onClick={im.again} data-testid="keyword-import-again">
              {t('keywords.again')}
            </Button>
            <Button size="sm" colorPalette="blue" onClick={im.close} data-testid="keyword-import-close">
              {t('common.close')}
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={im.close} disabled={im.busy}>
              {t('common.cancel')}
            </Button>
            <Button size="sm" colorPalette="blue" onClick={im.submit} loading={im.busy} disabled={!im.canSubmit} data-testid="keyword-import-submit">
              {t('keywords.submit')}
            </Button>
          </>
        )
      }
    >
      {report ? (
        <Stack gap="3" data-testid="keyword-import-report">
          <Alert.Root status={report.errors.length ? 'warning' : 'success'} size="sm">
            <Alert.Indicator />
            <Alert.Title>{t('keywords.imported', { total: report.total, count: report.imported })}</Alert.Title>
          </Alert.Root>
          {report.errors.length > 0 && (
            <Box>
              <Text fontSize="sm" fontWeight="medium" mb="1">
                {t('keywords.failedRows', { count: report.errors.length })}
              </Text>
              <Stack gap="1" fontSize="sm" maxH="260px" overflowY="auto" data-testid="keyword-import-errors">
                {report.errors.map((e) => (
                  <Text key={e.row}>
                    <Text as="span" color="fg.muted">
                      {t('keywords.row', { row: e.row })}
                    </Text>{' '}
                    {e.name && (
                      <Text as="span" fontFamily="mono" wordBreak="break-all">
                        {e.name}
                      </Text>
                    )}
                    {' — '}
                    <Text as="span" color="red.fg">
                      {e.message}
                    </Text>
                  </Text>
                ))}
              </Stack>
            </Box>
          )}
        </Stack>
      ) : (
        <Field.Root invalid={Boolean(im.error)}>
          <Field.Label>{t('keywords.importHint')}</Field.Label>
          <Button asChild size="sm" variant="outline" alignSelf="flex-start" disabled={!im.editable}>
            <label>
              <FileUp /> {im.file ? im.file.name : t('keywords.chooseFile')}
              <input
                type="file"
                hidden
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                data-testid="keyword-import-file"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  if (file) im.choose(file);
                  e.currentTarget.value = '';
                }}
              />
            </label>
          </Button>
          {im.error && <Field.ErrorText>{im.error}</Field.ErrorText>}
        </Field.Root>
      )}
    </DraggableDialog>
  );
}
