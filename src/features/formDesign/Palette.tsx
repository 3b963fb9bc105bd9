import { Box, Button, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import {
  AlignLeft,
  Calendar,
  CheckSquare,
  ChevronDownSquare,
  CircleDot,
  Clock,
  Columns2,
  FileUp,
  Hash,
  Image,
  ListTree,
  Minus,
  SlidersHorizontal,
  Star,
  TextCursorInput,
  ToggleLeft,
  Type,
  type LucideIcon,
} from 'lucide-react';
import { PALETTE } from '../../../models/formComponents';
import type { FormComponentType } from '../../../models/formRules';
import { t } from '../../i18n';
import type { PaletteDrag } from './DesignCanvas';
import type { FormDesigner } from './useFormDesigner';

const ICONS: Record<FormComponentType, LucideIcon> = {
  input: TextCursorInput,
  textarea: AlignLeft,
  number: Hash,
  radio: CircleDot,
  checkbox: CheckSquare,
  select: ChevronDownSquare,
  switch: ToggleLeft,
  date: Calendar,
  time: Clock,
  rate: Star,
  slider: SlidersHorizontal,
  cascader: ListTree,
  upload: FileUp,
  image: Image,
  richText: Type,
  divider: Minus,
  row: Columns2,
};

/**
 * The components: drag one onto the canvas (HTML drag and drop, which the grid accepts from outside), or
 * press it (mouse or keyboard) to add it below the others.
 */
export function Palette({ designer, drag }: { designer: FormDesigner; drag: PaletteDrag }) {
  const bottom = designer.rules.reduce((y, r) => Math.max(y, ((r.attrs?.grid as { y?: number; h?: number } | undefined)?.y ?? 0) + ((r.attrs?.grid as { h?: number } | undefined)?.h ?? 1)), 0);
  return (
    <Box data-testid="form-palette">
      <Heading size="sm" mb="1">
        {t('formDesign.palette')}
      </Heading>
      <Text fontSize="xs" color="fg.muted" mb="2">
        {t('formDesign.paletteHint')}
      </Text>
      <SimpleGrid columns={{ base: 3, md: 4, lg: 2 }} gap="1.5">
        {PALETTE.map((kind) => {
          const Icon = ICONS[kind];
          const name = t(`formDesign.components.${kind}`);
          return (
            <Button
              key={kind}
              size="xs"
              variant="outline"
              justifyContent="flex-start"
              draggable={designer.canEdit}
              disabled={!designer.canEdit}
              aria-label={t('formDesign.addComponent', { name })}
              title={t('formDesign.addComponent', { name })}
              data-testid={`palette-${kind}`}
              cursor="grab"
              onDragStart={(e) => {
                drag.current = kind;
                // Firefox starts a drag only with some data; the grid reads the kind from the shared ref.
                e.dataTransfer.setData('text/plain', kind);
                e.dataTransfer.effectAllowed = 'copy';
              }}
              onDragEnd={() => {
                drag.current = null;
              }}
              onClick={() => designer.add(kind, { x: 0, y: bottom })}
            >
              <Icon /> <Text as="span" truncate>{name}</Text>
            </Button>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
