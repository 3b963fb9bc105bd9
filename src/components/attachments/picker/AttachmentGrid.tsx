import { useState } from 'react';
import { Box, Center, Grid, Image, Skeleton, Text } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import { ATTACHMENT_TYPE } from '../../../../models/attachment';
import { ATTACHMENT_PAGE_SIZE } from '../../../../models/constants';
import { t } from '../../../i18n';
import { KIND_ICONS, kindOfType } from '../attachmentKinds';
import type { PickedAttachment } from './useAttachmentPicker';

/** One attachment: an image's thumbnail or its kind's icon, its name, and whether it is chosen. */
function Tile({ item, chosen, onToggle }: { item: PickedAttachment; chosen: boolean; onToggle: () => void }) {
  const Icon = KIND_ICONS[kindOfType(item.type)];
  // An address that does not load (offline, moved) shows the kind's icon instead of a broken image.
  const [broken, setBroken] = useState(false);
  return (
    <Box
      as="button"
      data-testid="picker-item"
      data-id={item.id}
      aria-pressed={chosen}
      title={item.name}
      onClick={onToggle}
      position="relative"
      textAlign="left"
      borderWidth="2px"
      borderColor={chosen ? 'blue.solid' : 'border'}
      rounded="md"
      overflow="hidden"
      bg="bg"
      cursor="pointer"
      _hover={{ borderColor: chosen ? 'blue.solid' : 'blue.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing' }}
    >
      <Center h="84px" bg="bg.muted">
        {item.type === ATTACHMENT_TYPE.image && !broken ? (
          <Image src={item.url} alt={item.name} loading="lazy" w="full" h="full" objectFit="cover" onError={() => setBroken(true)} />
        ) : (
          <Icon size={32} strokeWidth={1.5} color="var(--chakra-colors-fg-muted)" />
        )}
      </Center>
      <Text fontSize="xs" px="1.5" py="1" truncate>
        {item.name}
      </Text>
      {chosen && (
        <Center position="absolute" top="1" right="1" w="5" h="5" rounded="full" bg="blue.solid" color="white" data-testid="picker-item-chosen">
          <Check size={14} />
        </Center>
      )}
    </Box>
  );
}

const COLUMNS = { base: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' };

/** A page of attachments (18 at most) to choose from. */
export function AttachmentGrid(p: { items: PickedAttachment[]; loading: boolean; isSelected: (id: number) => boolean; onToggle: (item: PickedAttachment) => void }) {
  if (p.loading && p.items.length === 0) {
    return (
      <Grid templateColumns={COLUMNS} gap="2">
        {Array.from({ length: ATTACHMENT_PAGE_SIZE / 3 }, (_, i) => (
          <Skeleton key={i} h="110px" rounded="md" />
        ))}
      </Grid>
    );
  }
  if (p.items.length === 0) {
    return (
      <Center h="200px" borderWidth="1px" borderStyle="dashed" rounded="md" px="4" data-testid="picker-empty">
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          {t('picker.empty')}
        </Text>
      </Center>
    );
  }
  return (
    <Grid templateColumns={COLUMNS} gap="2" data-testid="picker-grid" opacity={p.loading ? 0.6 : 1}>
      {p.items.map((item) => (
        <Tile key={item.id} item={item} chosen={p.isSelected(item.id)} onToggle={() => p.onToggle(item)} />
      ))}
    </Grid>
  );
}
