import { Alert, Button, Card, Field, Grid, HStack, Input, Skeleton, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { Globe, RotateCcw, Save } from 'lucide-react';
import { t } from '../../i18n';
import { OptionSelect } from '../../components/OptionSelect';
import { ImageField } from '../../components/attachments/picker/ImageField';
import { SETTING_GROUPS, isRawScript, type SettingField } from './settingsForm';
import { useWebsiteSettings } from './useWebsiteSettings';
import type { PageForm } from './usePageForm';
import { SAVE_HOTKEY } from '../../app/saveShortcut';

function SettingControl({ field, form, locked }: { field: SettingField; form: PageForm; locked: boolean }) {
  const value = form.values[field.name];
  const testId = `setting-${field.name}`;
  const onText = (v: string) => form.change(field.name, v);
  switch (field.kind) {
    case 'switch':
      return (
        <Switch.Root colorPalette="blue" data-testid={testId} checked={Boolean(value)} onCheckedChange={(e) => form.change(field.name, e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control />
        </Switch.Root>
      );
    case 'select':
      return (
        <OptionSelect
          testId={testId}
          value={value}
          options={field.options?.map((o) => ({ value: o, label: t(`websiteSetting.options.${field.name}.${o}`) }))}
          emptyLabel={t('common.pleaseSelect')}
          onChange={(v) => form.change(field.name, v)}
        />
      );
    case 'textarea':
      return <Textarea data-testid={testId} rows={3} value={String(value ?? '')} onChange={(e) => onText(e.currentTarget.value)} />;
    case 'code':
      return (
        <Textarea
          data-testid={testId}
          rows={5}
          fontFamily="mono"
          fontSize="xs"
          readOnly={locked}
          bg={locked ? 'bg.muted' : undefined}
          spellCheck={false}
          value={String(value ?? '')}
          onChange={(e) => onText(e.currentTarget.value)}
        />
      );
    case 'image':
      return <ImageField testId={testId} value={String(value ?? '')} onChange={onText} />;
    default:
      return <Input data-testid={testId} value={String(value ?? '')} onChange={(e) => onText(e.currentTarget.value)} />;
  }
}

/** Every setting of the site chosen in the top bar (/WebsiteSetting/index), in groups. */
export default function WebsiteSettingPage() {
  const { form, siteId, siteName, isSuper } = useWebsiteSettings();
  if (!siteId) {
    return (
      <Alert.Root status="info" data-testid="page-websiteSetting">
        <Alert.Indicator />
        <Alert.Title>{t('websiteSetting.noSite')}</Alert.Title>
      </Alert.Root>
    );
  }
  const loading = form.loading || !form.open;
  return (
    <Stack gap="4" data-testid="page-websiteSetting" maxW="1100px">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <HStack gap="2" color="fg.muted">
          <Globe size={16} />
          <Text fontSize="sm" data-testid="settings-site">
            {t('websiteSetting.site', { name: siteName })}
          </Text>
        </HStack>
        <HStack gap="2">
          <Button size="sm" variant="outline" disabled={!form.dirty || form.busy} onClick={() => siteId && form.startEdit(siteId)} data-testid="settings-reset">
            <RotateCcw /> {t('websiteSetting.reset')}
          </Button>
          <Button size="sm" colorPalette="blue" loading={form.submitting} disabled={!form.editable} onClick={form.submit} data-testid="settings-save" {...SAVE_HOTKEY}>
            <Save /> {t('common.save')}
          </Button>
        </HStack>
      </HStack>
      {form.error && (
        <Alert.Root status="error" size="sm" data-testid="form-error">
          <Alert.Indicator />
          <Alert.Title>{form.error}</Alert.Title>
        </Alert.Root>
      )}
      {SETTING_GROUPS.map((group) => (
        <Card.Root key={group.key} size="sm" variant="outline" data-testid={`settings-group-${group.key}`}>
          <Card.Header pb="0">
            <Card.Title fontSize="md">{t(`websiteSetting.groups.${group.key}`)}</Card.Title>
            <Card.Description>{t(`websiteSetting.groupHints.${group.key}`)}</Card.Description>
          </Card.Header>
          <Card.Body>
            {loading ? (
              <Stack gap="3">
                <Skeleton h="32px" />
                <Skeleton h="32px" />
              </Stack>
            ) : (
              <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} columnGap="6" rowGap="4">
                {group.fields.map((field) => {
                  const locked = isRawScript(field.name) && !isSuper;
                  const error = form.errors[field.name];
                  return (
                    <Field.Root key={field.name} invalid={Boolean(error)} gridColumn={field.wide ? '1 / -1' : undefined}>
                      <Field.Label>{t(`websiteSetting.fields.${field.name}`)}</Field.Label>
                      <SettingControl field={field} form={form} locked={locked} />
                      {error ? (
                        <Field.ErrorText data-testid={`setting-${field.name}-error`}>{error}</Field.ErrorText>
                      ) : locked ? (
                        <Field.HelperText>{t('websiteSetting.superOnly')}</Field.HelperText>
                      ) : field.hint ? (
                        <Field.HelperText>{t(field.hint)}</Field.HelperText>
                      ) : null}
                    </Field.Root>
                  );
                })}
              </Grid>
            )}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
