import { Alert, Grid, Stack, Switch } from '@chakra-ui/react';
import { t } from '../../i18n';
import type { PageForm } from '../website/usePageForm';
import { FieldFrame, GroupCard, TextSetting } from './GroupCard';
import { CompanyCard } from './CompanyCard';
import { MailCard } from './MailCard';
import { StorageCard } from './StorageCard';
import { UploadCard } from './UploadCard';
import { useSysSettings } from './useSysSettings';

function SessionCard({ form }: { form: PageForm }) {
  return (
    <GroupCard group="session" form={form}>
      <FieldFrame
        form={form}
        name="single_login"
        hint={t('sysSetting.hints.single_login')}
        control={
          <Switch.Root colorPalette="blue" data-testid="sys-single_login" checked={Boolean(form.values.single_login)} onCheckedChange={(e) => form.change('single_login', e.checked)}>
            <Switch.HiddenInput />
            <Switch.Control />
          </Switch.Root>
        }
      />
    </GroupCard>
  );
}

/** System settings (/SysSetting/index): uploads, storage, the admin footer, the company, sessions and mail, each saved on its own. */
export default function SysSettingPage() {
  const s = useSysSettings();
  return (
    <Stack gap="4" data-testid="page-sysSetting" maxW="1100px">
      <UploadCard form={s.upload} />
      {s.isSuper ? (
        <StorageCard form={s.storage} test={s.storageTest} />
      ) : (
        <Alert.Root status="info" size="sm" data-testid="sys-super-only">
          <Alert.Indicator />
          <Alert.Title>{t('sysSetting.superOnly')}</Alert.Title>
        </Alert.Root>
      )}
      <GroupCard group="site" form={s.site}>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} columnGap="6" rowGap="4">
          <TextSetting form={s.site} name="copyright" />
          <TextSetting form={s.site} name="filing_number" />
        </Grid>
      </GroupCard>
      <CompanyCard form={s.company} />
      {s.isSuper && <SessionCard form={s.session} />}
      {s.isSuper && <MailCard form={s.mail} test={s.mailTest} imapTest={s.imapTest} />}
    </Stack>
  );
}
