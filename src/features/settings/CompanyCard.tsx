import { Grid } from '@chakra-ui/react';
import { t } from '../../i18n';
import type { PageForm } from '../website/usePageForm';
import { GroupCard, TextSetting } from './GroupCard';

/** The company's name, phone, e-mail and address, which themes show (the default theme in its footer). */
export function CompanyCard({ form }: { form: PageForm }) {
  return (
    <GroupCard group="company" form={form}>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} columnGap="6" rowGap="4">
        <TextSetting form={form} name="name" />
        <TextSetting form={form} name="phone" placeholder="+86 571 8888 6666" hint={t('sysSetting.hints.phone')} />
        <TextSetting form={form} name="email" placeholder="info@example.com" />
        <TextSetting form={form} name="address" />
      </Grid>
    </GroupCard>
  );
}
