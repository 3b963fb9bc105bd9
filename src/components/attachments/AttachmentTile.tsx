import { useState, type ReactNode } from 'react';
import { Box, Checkbox, Icon, Image, Stack, Text } from '@chakra-ui/react';
import { ATTACHMENT_TYPE, type Attachment } from '../../../models/attachment';
import { KIND_ICONS, kindOfType } from './attachmentKinds';
import { formatBytes } from './fileSize';

// One attachment as a card: an image's thumbnail, or its kind's icon, then the name and size.
// Shared by the attachment screen (with actions) and the picker (click to choose).

export interface AttachmentTileProps {
  attachment: Pick<Attachment, 'id' | 'name' | 'url' | 'type' | 'size'>;
  checked?: boolean;
  onCheck?: () => void;
  /** Buttons under the name (copy, edit, delete). */
  actions?: ReactNode;
  checkLabel?: string;
}

export function AttachmentThumb({ attachment, size = '100%' }: { attachment: Pick<Attachment, 'name' | 'url' | 'type'>; size?: string }) {
  const [broken, setBroken] = useState(false);
  const kind = kindOfType(attachment.type);
  const image = attachment.type === ATTACHMENT_TYPE.image && !broken;
  return (
    <Box w={size} aspectRatio="4 / 3" bg="bg.muted" rounded="sm" overflow="hidden" display="flex" alignItems="center" justifyContent="center" data-testid="attachment-thumb" data-kind={kind}>
      {image ? (
        <Image src={attachment.url} alt={attachment.name} loading="lazy" w="full" h="full" objectFit="contain" onError={() => setBroken(true)} data-testid="attachment-image" />
      ) : (
        <Icon as={KIND_ICONS[kind]} boxSize="10" color="fg.muted" data-testid="attachment-icon" />
      )}
    </Box>
  );
}

export function AttachmentTile({ attachment, checked, onCheck, actions, checkLabel }: AttachmentTileProps) {
  return (
    <Stack
      gap="1.5"
      p="2"
      borderWidth="1px"
      rounded="md"
      bg="bg"
      position="relative"
      borderColor={checked ? 'blue.solid' : 'border'}
      data-testid={`attachment-${attachment.id}`}
      data-name={attachment.name}
    >
      <AttachmentThumb attachment={attachment} />
      {onCheck && (
        <Checkbox.Root position="absolute" top="3" left="3" size="sm" checked={Boolean(checked)} onCheckedChange={onCheck} aria-label={checkLabel ?? attachment.name} bg="bg" rounded="sm">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      )}
      <Text fontSize="xs" fontWeight="medium" lineClamp={2} wordBreak="break-all" title={attachment.name} minH="2lh">
        {attachment.name}
      </Text>
      <Text fontSize="2xs" color="fg.muted">
        {attachment.size > 0 ? formatBytes(attachment.size) : '\u00a0'}
      </Text>
      {actions}
    </Stack>
  );
}
