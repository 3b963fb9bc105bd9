import type { ReactNode } from 'react';
import { Alert, Button, Card, Field, Input, Skeleton, Stack } from '@chakra-ui/react';
import { RotateCcw, Save } from 'lucide-react';
import type { SysSettingGroup } from '../../../models/sysSettings';
import { t } from '../../i18n';
import type { PageForm } from '../website/usePageForm';
import { SAVE_HOTKEY } from '../../app/saveShortcut';

const RECORD = 1;

/** One group of settings: title, hint, its fields, and its own undo and save. */
export function GroupCard({ group, form, children, extra }: { group: SysSettingGroup; form: PageForm; children: ReactNode; extra?: ReactNode }) {
  const loading = form.loading || !form.open;
  return (
    <Card.Root size="sm" variant="outline" data-testid={`sys-group-${group}`}>
      <Card.Header pb="0">
        <Card.Title fontSize="md">{t(`sysSetting.groups.${group}`)}</Card.Title>
        <Card.Description>{t(`sysSetting.groupHints.${group}`)}</Card.Description>
      </Card.Header>
      <Card.Body>
        {loading ? (
          <Stack gap="3">
            <Skeleton h="32px" />
            <Skeleton h="32px" />
          </Stack>
        ) : (
          <Stack gap="4">
            {form.error && (
              <Alert.Root status="error" size="sm" data-testid={`sys-${group}-error`}>
                <Alert.Indicator />
                <Alert.Title>{form.error}</Alert.Title>
              </Alert.Root>
            )}
            {children}
          </Stack>
        )}
      </Card.Body>
      <Card.Footer justifyContent="flex-end" gap="2" flexWrap="wrap">
        {extra}
        <Button size="sm" variant="outline" disabled={!form.dirty || form.busy} onClick={() => form.startEdit(RECORD)} data-testid={`sys-${group}-reset`}>
          <RotateCcw /> {t('sysSetting.reset')}
        </Button>
        <Button size="sm" colorPalette="blue" loading={form.submitting} disabled={!form.editable || !form.dirty} onClick={form.submit} data-testid={`sys-${group}-save`} {...SAVE_HOTKEY}>
          <Save /> {t('common.save')}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

/** A labelled text or number field bound to one form value. */
export function TextSetting(p: { form: PageForm; name: string; type?: 'text' | 'number'; hint?: string; wide?: boolean; placeholder?: string }) {
  return <FieldFrame form={p.form} name={p.name} hint={p.hint} wide={p.wide} control={<TextInput {...p} />} />;
}

function TextInput({ form, name, type = 'text', placeholder }: { form: PageForm; name: string; type?: 'text' | 'number'; placeholder?: string }) {
  const value = form.values[name];
  return (
    <Input
      size="sm"
      type={type}
      data-testid={`sys-${name}`}
      placeholder={placeholder}
      autoComplete="off"
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => form.change(name, e.currentTarget.value)}
    />
  );
}

/** Label, control, then the field's error or its hint. */
export function FieldFrame({ form, name, control, hint, wide }: { form: PageForm; name: string; control: ReactNode; hint?: string; wide?: boolean }) {
  const error = form.errors[name];
  return (
    <Field.Root invalid={Boolean(error)} gridColumn={wide ? '1 / -1' : undefined}>
      <Field.Label>{t(`sysSetting.fields.${name}`)}</Field.Label>
      {control}
      {error ? <Field.ErrorText data-testid={`sys-${name}-error`}>{error}</Field.ErrorText> : hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
    </Field.Root>
  );
}
