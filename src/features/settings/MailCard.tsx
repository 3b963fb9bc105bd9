import { Alert, Button, Grid, HStack, Input, Separator, Switch, Text } from '@chakra-ui/react';
import { PlugZap, Send } from 'lucide-react';
import { MAIL_SECURITY } from '../../../models/mailSettings';
import { t } from '../../i18n';
import { OptionSelect } from '../../components/OptionSelect';
import { useOptions } from '../resource/optionsStore';
import type { PageForm } from '../website/usePageForm';
import { FieldFrame, GroupCard, TextSetting } from './GroupCard';
import type { ImapTest, MailTest } from './useSysSettings';

const GRID = { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } as const;
const securityOptions = MAIL_SECURITY.map((s) => ({ value: s, label: t(`sysSetting.mail.securities.${s}`) }));

/** A password is write-only: the form never holds it; it says whether one is stored and takes a new one. */
function PasswordSetting({ form, name }: { form: PageForm; name: 'smtp_password' | 'imap_password' }) {
  const stored = Boolean(form.values[`${name}_set`]);
  return (
    <FieldFrame
      form={form}
      name={name}
      hint={stored ? t('sysSetting.secretSet') : t('sysSetting.secretUnset')}
      control={
        <Input
          size="sm"
          type="password"
          autoComplete="new-password"
          data-testid={`sys-${name}`}
          data-secret-set={stored}
          placeholder={stored ? '••••••••' : ''}
          value={String(form.values[name] ?? '')}
          onChange={(e) => form.change(name, e.currentTarget.value)}
        />
      }
    />
  );
}

function SecuritySetting({ form, name }: { form: PageForm; name: 'smtp_security' | 'imap_security' }) {
  return (
    <FieldFrame
      form={form}
      name={name}
      control={<OptionSelect size="sm" testId={`sys-${name}`} value={form.values[name]} options={securityOptions} emptyLabel={t('common.pleaseSelect')} onChange={(v) => form.change(name, v ?? 'ssl')} />}
    />
  );
}

/** Outgoing mail (SMTP) with a test message, and the receiving mailbox (IMAP) pulled into inquiries. */
export function MailCard({ form, test, imapTest }: { form: PageForm; test: MailTest; imapTest: ImapTest }) {
  const sites = useOptions({ kind: 'sites' });
  return (
    <GroupCard
      group="mail"
      form={form}
      extra={
        <HStack mr="auto" gap="2" flexWrap="wrap">
          <Input
            size="sm"
            w={{ base: '100%', sm: '220px' }}
            type="email"
            placeholder={t('sysSetting.fields.test_to')}
            aria-label={t('sysSetting.fields.test_to')}
            value={test.to}
            onChange={(e) => test.setTo(e.currentTarget.value)}
            data-testid="sys-mail-test-to"
          />
          <Button size="sm" variant="outline" loading={test.testing} disabled={!test.canRun || !form.editable} onClick={test.run} data-testid="sys-mail-test">
            <Send /> {t('sysSetting.mail.sendTest')}
          </Button>
        </HStack>
      }
    >
      <Text fontWeight="semibold" fontSize="sm">
        {t('sysSetting.mail.outgoing')}
      </Text>
      <Grid templateColumns={GRID} columnGap="6" rowGap="4">
        <TextSetting form={form} name="smtp_host" placeholder="smtp.example.com" />
        <TextSetting form={form} name="smtp_port" type="number" hint={t('sysSetting.hints.smtp_port')} />
        <SecuritySetting form={form} name="smtp_security" />
        <TextSetting form={form} name="smtp_user" />
        <PasswordSetting form={form} name="smtp_password" />
        <TextSetting form={form} name="from_name" />
        <TextSetting form={form} name="from_address" hint={t('sysSetting.hints.from_address')} />
      </Grid>
      {test.message && (
        <Alert.Root status={test.passed ? 'success' : 'error'} size="sm" data-testid="sys-mail-test-result">
          <Alert.Indicator />
          <Alert.Title wordBreak="break-word">{test.message}</Alert.Title>
        </Alert.Root>
      )}
      <Separator />
      <Text fontWeight="semibold" fontSize="sm">
        {t('sysSetting.mail.incoming')}
      </Text>
      <Grid templateColumns={GRID} columnGap="6" rowGap="4">
        <FieldFrame
          form={form}
          name="imap_enabled"
          control={
            <Switch.Root colorPalette="blue" data-testid="sys-imap_enabled" checked={Boolean(form.values.imap_enabled)} onCheckedChange={(e) => form.change('imap_enabled', e.checked)}>
              <Switch.HiddenInput />
              <Switch.Control />
            </Switch.Root>
          }
        />
        <FieldFrame
          form={form}
          name="imap_site_id"
          control={
            <OptionSelect
              size="sm"
              testId="sys-imap_site_id"
              value={form.values.imap_site_id || undefined}
              options={sites}
              emptyLabel={t('common.pleaseSelect')}
              onChange={(v) => form.change('imap_site_id', v === undefined ? 0 : Number(v))}
            />
          }
        />
        <TextSetting form={form} name="imap_host" placeholder="imap.example.com" />
        <TextSetting form={form} name="imap_port" type="number" />
        <SecuritySetting form={form} name="imap_security" />
        <TextSetting form={form} name="imap_user" />
        <PasswordSetting form={form} name="imap_password" />
        <TextSetting form={form} name="imap_mailbox" />
        <TextSetting form={form} name="imap_interval_minutes" type="number" hint={t('sysSetting.hints.imap_interval_minutes')} />
      </Grid>
      <HStack gap="2" flexWrap="wrap">
        <Button
          size="sm"
          variant="outline"
          loading={imapTest.testing}
          disabled={!imapTest.canRun || !form.editable}
          onClick={imapTest.run}
          data-testid="sys-imap-test"
          data-result={imapTest.passed ? 'passed' : imapTest.failed ? 'failed' : undefined}
        >
          <PlugZap /> {t('sysSetting.mail.testImap')}
        </Button>
        <Text fontSize="xs" color="fg.muted">
          {t('sysSetting.hints.testImap')}
        </Text>
      </HStack>
    </GroupCard>
  );
}
