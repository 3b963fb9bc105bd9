import { Badge } from '@chakra-ui/react';
import { adResource } from '../../../models/resources/marketing';
import { AD_KIND_IMAGE } from '../../../models/ad';
import { t } from '../../i18n';
import { ResourceView, useResourceScreen } from '../resource/ResourceView';

/** Advertisements: the list says which are showing right now (status on and today within the dates). */
export default function AdPage() {
  const { list, form } = useResourceScreen(adResource);
  return (
    <ResourceView
      def={adResource}
      list={list}
      form={form}
      defaults={{ kind: AD_KIND_IMAGE, status: 1, sort: 0, image: '', link: '', code: '', start_date: '', end_date: '' }}
      dialogWidth={720}
      renderCell={(column, row) => {
        if (column.name === 'live') {
          return (
            <Badge colorPalette={row.live ? 'green' : 'gray'} variant="subtle" data-testid={`live-${row.id}`}>
              {t(row.live ? 'marketing.ads.live' : 'marketing.ads.notLive')}
            </Badge>
          );
        }
        if ((column.name === 'start_date' || column.name === 'end_date') && !row[column.name]) return t('common.notSet');
        return undefined;
      }}
    />
  );
}
