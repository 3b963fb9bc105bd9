import { Alert, Button, Checkbox, Field, Progress, Stack, Text } from '@chakra-ui/react';
import { t } from '../../i18n';
import { useStore } from '../../app/store';
import { sitesStore } from '../../app/siteStore';
import { siteOptions } from '../../../models/site';
import { DraggableDialog } from '../../components/DraggableDialog';
import { OptionSelect } from '../../components/OptionSelect';
import type { CategoryCopy } from './useCategoryCopy';

/** Choose where a column subtree goes, then follow the copy job until it ends (or cancel it). */
export function CopyDialog({ copy }: { copy: CategoryCopy }) {
  const sites = useStore(sitesStore);
  const siteChoices = siteOptions(sites).map((o) => ({ value: o.id, label: o.label }));
  const footer = copy.editable || copy.starting ? (
    <>
      <Button size="sm" variant="outline" onClick={copy.close} disabled={!copy.canClose}>
        {t('common.cancel')}
      </Button>
      <Button size="sm" colorPalette="blue" onClick={copy.submit} loading={copy.starting} disabled={!copy.editable || copy.targetSiteId === null} data-testid="copy-start">
        {t('category.copyDialog.start')}
      </Button>
    </>
  ) : copy.progressing ? (
    <Button size="sm" variant="outline" colorPalette="red" onClick={copy.cancel} disabled={!copy.canCancel} loading={copy.cancelling} data-testid="copy-cancel">
      {t('category.copyDialog.cancel')}
    </Button>
  ) : (
    <Button size="sm" colorPalette="blue" onClick={copy.close} data-testid="copy-close">
      {t('category.copyDialog.close')}
    </Button>
  );
  return (
    <DraggableDialog
      open={copy.open}
      onClose={() => copy.canClose && copy.close()}
      title={t('category.copyDialog.title', { title: copy.source?.title ?? '' })}
      width={520}
      testId="copy-dialog"
      footer={footer}
    >
      {copy.editable || copy.starting ? (
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            {t('category.copyDialog.hint')}
          </Text>
          <Field.Root required>
            <Field.Label>
              {t('category.copyDialog.targetSite')}
              <Field.RequiredIndicator />
            </Field.Label>
            <OptionSelect testId="copy-site" value={copy.targetSiteId ?? undefined} options={siteChoices} emptyLabel={t('common.pleaseSelect')} onChange={(v) => v !== undefined && copy.setSite(Number(v))} />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('category.copyDialog.targetParent')}</Field.Label>
            <OptionSelect testId="copy-parent" value={copy.targetParentId} options={copy.parentOptions} emptyLabel={t('common.loading')} onChange={(v) => copy.setParent(Number(v ?? 0))} />
          </Field.Root>
          <Checkbox.Root checked={copy.withContent} onCheckedChange={(e) => copy.setWithContent(e.checked === true)} data-testid="copy-with-content">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('category.copyDialog.withContent')}</Checkbox.Label>
          </Checkbox.Root>
          {copy.error && (
            <Alert.Root status="error" size="sm" data-testid="copy-error">
              <Alert.Indicator />
              <Alert.Title>{copy.error}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      ) : (
        <Stack gap="3" data-testid="copy-progress">
          <Progress.Root value={copy.progress} colorPalette={copy.failed ? 'red' : copy.succeeded ? 'green' : 'blue'} striped={copy.progressing} animated={copy.progressing}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" data-testid="copy-status">
            {copy.succeeded
              ? t('category.copyDialog.done', { categories: copy.copiedColumns, contents: copy.copiedContents })
              : copy.failed
                ? t('category.copyDialog.failed', { message: copy.error ?? '' })
                : copy.cancelled
                  ? t('category.copyDialog.cancelled')
                  : `${t(copy.cancelling ? 'category.copyDialog.cancelling' : 'category.copyDialog.running')} ${copy.progress}%`}
          </Text>
        </Stack>
      )}
    </DraggableDialog>
  );
}
