import { Alert, Box, Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { WORD_IMPORT_MAX_LINES } from '../../../models/prohibitedWord';
import { t } from '../../i18n';
import { DraggableDialog } from '../../components/DraggableDialog';
import type { WordImport } from './useWordImport';

/** Paste "word,level,type,paraphrase" lines; the report lists each line that was not imported and why. */
export function WordImportDialog({ im }: { im: WordImport }) {
  const report = im.report;
  return (
    <DraggableDialog
      open={im.open}
      onClose={im.close}
      title={t('marketing.words.importTitle')}
      width={640}
      testId="word-import"
      footer={
        im.reported ? (
          <>
            {im.canRetry && (
              <Button size="sm" variant="outline" onClick={im.retry} data-testid="word-import-retry">
                {t('marketing.words.retry')}
              </Button>
            )}
            <Button size="sm" colorPalette="blue" onClick={im.close} data-testid="word-import-close">
              {t('common.close')}
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={im.close} disabled={im.busy}>
              {t('common.cancel')}
            </Button>
            <Button size="sm" colorPalette="blue" onClick={im.submit} loading={im.busy} disabled={!im.canSubmit} data-testid="word-import-submit">
              {t('marketing.words.submit')}
            </Button>
          </>
        )
      }
    >
      {report ? (
        <Stack gap="3" data-testid="word-import-report">
          <Alert.Root status={report.errors.length ? 'warning' : 'success'} size="sm">
            <Alert.Indicator />
            <Alert.Title>
              {t('marketing.words.imported', { count: report.imported })}
              {report.errors.length === 0 && ` · ${t('marketing.words.allDone')}`}
            </Alert.Title>
          </Alert.Root>
          {report.errors.length > 0 && (
            <Box>
              <Text fontSize="sm" fontWeight="medium" mb="1">
                {t('marketing.words.failedLines', { count: report.errors.length })}
              </Text>
              <Stack gap="1" fontSize="sm" maxH="260px" overflowY="auto" data-testid="word-import-errors">
                {report.errors.map((e) => (
                  <Text key={e.line}>
                    <Text as="span" color="fg.muted">
                      {t('marketing.words.line', { line: e.line })}
                    </Text>{' '}
                    <Text as="span" fontFamily="mono" wordBreak="break-all">
                      {e.text}
                    </Text>
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
          <Field.Label>{t('marketing.words.importHint')}</Field.Label>
          <Textarea
            data-testid="word-import-text"
            value={im.text}
            onChange={(e) => im.change(e.currentTarget.value)}
            placeholder={t('marketing.words.importPlaceholder')}
            rows={10}
            fontFamily="mono"
            readOnly={!im.editable}
          />
          <Field.HelperText>{t('marketing.words.maxLines', { max: WORD_IMPORT_MAX_LINES })}</Field.HelperText>
          {im.error && <Field.ErrorText>{im.error}</Field.ErrorText>}
        </Field.Root>
      )}
    </DraggableDialog>
  );
}
