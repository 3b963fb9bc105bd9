import { useState } from 'react';
import { Button, IconButton } from '@chakra-ui/react';
import { Images } from 'lucide-react';
import { slideCateResource } from '../../../models/resources/marketing';
import { t } from '../../i18n';
import { ResourceView, useResourceScreen } from '../resource/ResourceView';
import { SlidesDrawer, type SlideGroup } from './SlidesDrawer';

/** Slide groups; each opens a drawer with its slides. Closing it refreshes the groups' slide counts. */
export default function SlideCatePage() {
  const { list, form } = useResourceScreen(slideCateResource);
  const [open, setOpen] = useState<SlideGroup | null>(null);
  const show = (row: { id: number; name?: unknown }) => setOpen({ id: row.id, name: String(row.name ?? '') });
  return (
    <>
      <ResourceView
        def={slideCateResource}
        list={list}
        form={form}
        defaults={{ sort: 0, key: '' }}
        renderCell={(column, row) =>
          column.name === 'slide_count' ? (
            <Button size="xs" variant="subtle" colorPalette="blue" onClick={() => show(row)} title={t('marketing.slides.manage')} data-testid={`slide-count-${row.id}`}>
              <Images /> {String(row.slide_count ?? 0)}
            </Button>
          ) : undefined
        }
        rowActions={(row) => (
          <IconButton size="xs" variant="ghost" colorPalette="blue" aria-label={t('marketing.slides.manage')} title={t('marketing.slides.manage')} onClick={() => show(row)} data-testid={`slides-${row.id}`}>
            <Images />
          </IconButton>
        )}
      />
      {open && (
        <SlidesDrawer
          key={open.id}
          group={open}
          onClose={() => {
            setOpen(null);
            list.reload();
          }}
        />
      )}
    </>
  );
}
