import { useState } from 'react';
import { Box, IconButton, Image, Text } from '@chakra-ui/react';
import { Palette } from 'lucide-react';
import { POSTER_QUALITY, POSTER_SIZE } from '../../../models/poster';
import { posterResource } from '../../../models/resources/poster';
import { t } from '../../i18n';
import { ResourceView, useResourceScreen } from '../resource/ResourceView';
import { PosterEditorDialog } from './PosterEditorDialog';

const DEFAULTS = {
  width: POSTER_SIZE.default.width,
  height: POSTER_SIZE.default.height,
  format: 'png',
  quality: POSTER_QUALITY.default,
  background_type: 'image',
  background_color: '#ffffff',
  background_image: '',
};

/** The site's posters: materials in the generic list and form, each laid out in the editor and rendered there. */
export default function PosterPage() {
  const { list, form } = useResourceScreen(posterResource);
  const [open, setOpen] = useState<{ id: number; name: string } | null>(null);
  const design = (row: { id: number; name?: unknown }) => setOpen({ id: row.id, name: String(row.name ?? '') });
  return (
    <>
      <ResourceView
        def={posterResource}
        list={list}
        form={form}
        defaults={DEFAULTS}
        renderCell={(column, row) => {
          if (column.name === 'size') return <Text whiteSpace="nowrap">{`${String(row.width)} × ${String(row.height)}`}</Text>;
          if (column.name === 'image_url')
            return row.image_url ? (
              <Box w="48px" h="48px" borderWidth="1px" rounded="sm" overflow="hidden" bg="bg.muted">
                <Image src={String(row.image_url)} alt="" w="full" h="full" objectFit="contain" />
              </Box>
            ) : (
              <Text fontSize="xs" color="fg.muted">
                {t('posters.notRendered')}
              </Text>
            );
          return undefined;
        }}
        rowActions={(row) => (
          <IconButton size="xs" variant="ghost" aria-label={t('posters.design')} title={t('posters.design')} onClick={() => design(row)} data-testid={`poster-design-${row.id}`}>
            <Palette />
          </IconButton>
        )}
      />
      <PosterEditorDialog
        id={open?.id ?? null}
        name={open?.name ?? ''}
        onClose={() => {
          setOpen(null);
          list.reload();
        }}
      />
    </>
  );
}
