import { Alert, Button, Grid, Input, Text } from '@chakra-ui/react';
import { PlugZap } from 'lucide-react';
import { STORAGE_METHODS } from '../../../models/uploadSettings';
import { t } from '../../i18n';
import { OptionSelect } from '../../components/OptionSelect';
import type { PageForm } from '../website/usePageForm';
import { FieldFrame, GroupCard, TextSetting } from './GroupCard';
import type { StorageTest } from './useSysSettings';

/** The secret is write-only: the form never holds it; it says whether one is stored and takes a new one. */
function SecretSetting({ form }: { form: PageForm }) {
  const stored = Boolean(form.values.secret_set);
  return (
    <FieldFrame
      form={form}
      name="secret_access_key"
      hint={stored ? t('sysSetting.secretSet') : t('sysSetting.secretUnset')}
      control={
        <Input
          size="sm"
          type="password"
          autoComplete="new-password"
          data-testid="sys-secret_access_key"
          data-secret-set={stored}
          placeholder={stored ? '••••••••' : ''}
          value={String(form.values.secret_access_key ?? '')}
          onChange={(e) => form.change('secret_access_key', e.currentTarget.value)}
        />
      }
    />
  );
}

/** Where new uploads go: local disk or one of the three object-storage kinds, with a connection test. */
export function StorageCard({ form, test }: { form: PageForm; test: StorageTest }) {
  const method = String(form.values.method ?? 'local');
  const object = method !== 'local';
  return (
    <GroupCard
      group="storage"
      form={form}
      extra={
        object && (
          <Button size="sm" variant="outline" mr="auto" loading={test.testing} disabled={!test.canRun || !form.editable} onClick={test.run} data-testid="sys-storage-test">
            <PlugZap /> {t('sysSetting.test')}
          </Button>
        )
      }
    >
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} columnGap="6" rowGap="4">
        <FieldFrame
          form={form}
          name="method"
          control={
            <OptionSelect
              size="sm"
              testId="sys-method"
              value={method}
              options={STORAGE_METHODS.map((m) => ({ value: m, label: t(`sysSetting.methods.${m}`) }))}
              emptyLabel={t('common.pleaseSelect')}
              onChange={(v) => form.change('method', v ?? 'local')}
            />
          }
        />
        {object ? (
          <>
            <FieldFrame
              form={form}
              name="protocol"
              control={
                <OptionSelect
                  size="sm"
                  testId="sys-protocol"
                  value={form.values.protocol}
                  options={[
                    { value: 'https', label: 'https://' },
                    { value: 'http', label: 'http://' },
                  ]}
                  emptyLabel={t('common.pleaseSelect')}
                  onChange={(v) => form.change('protocol', v ?? 'https')}
                />
              }
            />
            <TextSetting form={form} name="access_key_id" />
            <SecretSetting form={form} />
            <TextSetting form={form} name="region" />
            <TextSetting form={form} name="bucket" />
            <TextSetting form={form} name="endpoint" hint={t('sysSetting.hints.endpoint')} placeholder="https://" />
            <TextSetting form={form} name="root_url" hint={t('sysSetting.hints.root_url')} />
          </>
        ) : (
          <Text fontSize="sm" color="fg.muted" alignSelf="center" data-testid="sys-storage-local">
            {t('sysSetting.localHint')}
          </Text>
        )}
      </Grid>
      {test.message && (
        <Alert.Root status={test.passed ? 'success' : 'error'} size="sm" data-testid="sys-storage-test-result">
          <Alert.Indicator />
          <Alert.Title>{test.message}</Alert.Title>
        </Alert.Root>
      )}
    </GroupCard>
  );
}
