import { Alert, Button, chakra, Field, HStack, Input, Text, Textarea } from '@chakra-ui/react';
import { ArrowLeft, Save } from 'lucide-react';
import { t } from '../../../i18n';
import type { NetworkForm } from './useNetworkForm';

/** Add an attachment by its address (name and address required); saved, it is chosen at once. */
export function NetworkPanel({ form, onBack }: { form: NetworkForm; onBack: () => void }) {
  return (
    <chakra.form display="flex" flexDirection="column" gap="3" maxW="560px" data-testid="picker-network" noValidate onSubmit={(e) => (e.preventDefault(), e.stopPropagation(), form.submit())}>
      <Text fontSize="sm" color="fg.muted">
        {t('picker.networkHint')}
      </Text>
      {form.error && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>{form.error}</Alert.Title>
        </Alert.Root>
      )}
      <Field.Root required invalid={Boolean(form.errors.name)}>
        <Field.Label>
          {t('picker.networkFields.name')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input size="sm" data-testid="picker-network-name" value={form.values.name ?? ''} onChange={(e) => form.change('name', e.currentTarget.value)} />
        <Field.ErrorText>{form.errors.name}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={Boolean(form.errors.url)}>
        <Field.Label>
          {t('picker.networkFields.url')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input size="sm" placeholder="https://" data-testid="picker-network-url" value={form.values.url ?? ''} onChange={(e) => form.change('url', e.currentTarget.value)} />
        <Field.ErrorText data-testid="picker-network-url-error">{form.errors.url}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(form.errors.description)}>
        <Field.Label>{t('picker.networkFields.description')}</Field.Label>
        <Textarea size="sm" rows={2} value={form.values.description ?? ''} onChange={(e) => form.change('description', e.currentTarget.value)} />
        <Field.ErrorText>{form.errors.description}</Field.ErrorText>
      </Field.Root>
      <HStack gap="2">
        <Button size="sm" variant="outline" onClick={onBack}>
          <ArrowLeft /> {t('picker.back')}
        </Button>
        <Button size="sm" colorPalette="blue" type="submit" loading={form.submitting} data-testid="picker-network-save">
          <Save /> {t('picker.saveNetwork')}
        </Button>
      </HStack>
    </chakra.form>
  );
}
