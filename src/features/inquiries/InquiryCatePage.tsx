import { useEffect } from 'react';
import { Alert, Stack } from '@chakra-ui/react';
import { inquiryCateOptions, inquiryCateResource } from '../../../models/resources/inquiry';
import { t } from '../../i18n';
import { ResourcePage } from '../resource/ResourcePage';
import { invalidateOptions } from '../resource/optionsStore';

/** The current site's inquiry categories (/InquiryCate/index); deleting one leaves its inquiries uncategorised. */
export default function InquiryCatePage() {
  // Leaving with changed categories: the inquiry screen's filter and picker read them again.
  useEffect(() => () => invalidateOptions(inquiryCateOptions.api), []);
  return (
    <Stack gap="3">
      <Alert.Root status="info" size="sm" data-testid="inquiry-cate-hint">
        <Alert.Indicator />
        <Alert.Title>{t('inquiries.cateDeleteHint')}</Alert.Title>
      </Alert.Root>
      <ResourcePage def={inquiryCateResource} />
    </Stack>
  );
}
