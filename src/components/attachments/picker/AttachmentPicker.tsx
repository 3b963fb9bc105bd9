import { useRef } from 'react';
import { Button, chakra, Field, Flex, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, Link2, Search, Upload } from 'lucide-react';
import { ATTACHMENT_DIALOG_WIDTH } from '../../../../models/constants';
import { ATTACHMENT_TYPE } from '../../../../models/attachment';
import { t } from '../../../i18n';
import { DraggableDialog } from '../../DraggableDialog';
import { LoadError } from '../../LoadError';
import { OptionSelect } from '../../OptionSelect';
import { KIND_ORDER, acceptFor } from '../attachmentKinds';
import { AttachmentGrid } from './AttachmentGrid';
import { CategoryList } from './CategoryList';
import { NetworkPanel } from './NetworkPanel';
import { UploadRows } from './UploadRows';
import type { AttachmentPickerHandle } from './useAttachmentPicker';
import { useNetworkForm } from './useNetworkForm';
import { usePickerLibrary } from './usePickerLibrary';

// The picker often opens from inside a form field (an image field): every control here sits in a
// Field.Root of its own, so none takes the outer field's id, required or invalid state, and its
// forms stop their submit events, which React would otherwise pass up to the outer form.

/** The dialog's inside, mounted while it is open: each opening starts on the first page of the library. */
function PickerBody({ picker }: { picker: AttachmentPickerHandle }) {
  const library = usePickerLibrary(picker);
  const network = useNetworkForm(picker, library.cateId);
  const files = useRef<HTMLInputElement>(null);
  // Uploads keep running while the address form is shown: the library stays mounted.
  if (picker.network) return <NetworkPanel form={network} onBack={picker.cancelNetwork} />;
  return (
    <Flex gap="3" direction={{ base: 'column', md: 'row' }} align="stretch">
      <CategoryList library={library} />
      <Stack gap="3" flex="1" minW="0">
        <Flex gap="2" wrap="wrap" align="center">
          {!library.typeFixed && (
            <Field.Root w="auto">
              <OptionSelect
                size="sm"
                width="130px"
                testId="picker-type"
                ariaLabel={t('picker.allTypes')}
                value={library.type}
                options={KIND_ORDER.map((k) => ({ value: ATTACHMENT_TYPE[k], label: t(`picker.kinds.${k}`) }))}
                emptyLabel={t('picker.allTypes')}
                onChange={library.changeType}
              />
            </Field.Root>
          )}
          <chakra.form display="flex" flex="1" minW="160px" noValidate onSubmit={(e) => (e.preventDefault(), e.stopPropagation(), library.search())}>
            <Field.Root flex="1">
              <Input size="sm" roundedEnd="0" placeholder={t('picker.search')} data-testid="picker-search" value={library.name} onChange={(e) => library.changeName(e.currentTarget.value)} />
            </Field.Root>
            <IconButton size="sm" type="submit" variant="outline" roundedStart="0" aria-label={t('common.search')} title={t('common.search')}>
              <Search />
            </IconButton>
          </chakra.form>
          <input
            ref={files}
            type="file"
            multiple={picker.max > 1}
            accept={acceptFor(picker.kind ?? undefined)}
            hidden
            data-testid="picker-files"
            onChange={(e) => {
              if (e.currentTarget.files?.length) library.upload(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
          <Button size="sm" colorPalette="blue" data-testid="picker-upload" onClick={() => files.current?.click()}>
            <Upload /> {t('picker.upload')}
          </Button>
          <Button size="sm" variant="outline" data-testid="picker-network-open" onClick={picker.openNetwork}>
            <Link2 /> {t('picker.network')}
          </Button>
        </Flex>
        {library.cateTitle && (
          <Text fontSize="xs" color="fg.muted" mt="-1" data-testid="picker-upload-into">
            {t('picker.uploadInto', { category: library.cateTitle })}
          </Text>
        )}
        <UploadRows uploads={library.uploads} />
        {library.failed ? (
          <LoadError message={library.error} onRetry={library.reload} />
        ) : (
          <AttachmentGrid items={library.items} loading={library.loading} isSelected={picker.isSelected} onToggle={picker.toggle} />
        )}
        <HStack justify="flex-end" gap="2">
          <Text fontSize="xs" color="fg.muted" data-testid="picker-page">
            {t('picker.pageOf', { page: library.page, pages: library.pages, count: library.count })}
          </Text>
          <IconButton size="xs" variant="outline" aria-label={t('picker.prev')} disabled={library.page <= 1 || library.loading} onClick={() => library.goTo(library.page - 1)} data-testid="picker-prev">
            <ChevronLeft />
          </IconButton>
          <IconButton size="xs" variant="outline" aria-label={t('picker.next')} disabled={library.page >= library.pages || library.loading} onClick={() => library.goTo(library.page + 1)} data-testid="picker-next">
            <ChevronRight />
          </IconButton>
        </HStack>
      </Stack>
    </Flex>
  );
}

/** The attachment picker (950 px, draggable): browse, filter, upload or add an address, choose, confirm. */
export function AttachmentPicker({ picker }: { picker: AttachmentPickerHandle }) {
  return (
    <DraggableDialog
      open={picker.open}
      onClose={picker.close}
      width={ATTACHMENT_DIALOG_WIDTH}
      testId="attachment-picker"
      title={picker.network ? t('picker.networkTitle') : t(picker.kind === 'image' ? 'picker.titleImage' : 'picker.title')}
      footer={
        <>
          <Text fontSize="sm" color="fg.muted" mr="auto" data-testid="picker-selected">
            {t('picker.selected', { count: picker.selected.length, max: picker.max })}
          </Text>
          <Button size="sm" variant="outline" onClick={picker.close}>
            {t('common.cancel')}
          </Button>
          <Button size="sm" colorPalette="blue" disabled={!picker.canConfirm} onClick={picker.confirm} data-testid="picker-confirm">
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      {picker.open && <PickerBody picker={picker} />}
    </DraggableDialog>
  );
}
