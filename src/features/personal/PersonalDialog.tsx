import { Alert, Button, Field, Grid, Input, Separator, Spinner, Switch, Text } from '@chakra-ui/react';
import { useT } from '../../i18n';
import { DraggableDialog } from '../../components/DraggableDialog';
import { DiscardConfirm } from '../../components/DiscardConfirm';
import { usePersonal } from './usePersonal';
import { TraceSwitch } from './TraceSwitch';
import { SAVE_HOTKEY } from '../../app/saveShortcut';
import { ColorModeSwitch } from '../../theme/ColorModeSwitch';

function TextField({ name, label, type = 'text', p, hint, readOnly }: { name: string; label: string; type?: string; p: ReturnType<typeof usePersonal>; hint?: string; readOnly?: boolean }) {
  return (
    <Field.Root invalid={Boolean(p.errors[name])}>
      <Field.Label>{label}</Field.Label>
      <Input
        data-testid={`personal-${name}`}
        type={type}
        readOnly={readOnly}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        value={String(p.values[name] ?? '')}
        onChange={(e) => p.change(name, e.currentTarget.value)}
      />
      {hint && !p.errors[name] && <Field.HelperText>{hint}</Field.HelperText>}
      {p.errors[name] && <Field.ErrorText>{p.errors[name]}</Field.ErrorText>}
    </Field.Root>
  );
}

export function PersonalDialog() {
  const { t } = useT();
  const p = usePersonal();
  return (
    <>
      <DraggableDialog
        open={p.open}
        onClose={p.close}
        title={t('personal.title')}
        width={560}
        testId="personal-dialog"
        footer={
          <>
            <Button size="sm" variant="outline" onClick={p.close}>
              {t('common.cancel')}
            </Button>
            <Button size="sm" colorPalette="blue" onClick={p.submit} loading={p.submitting} disabled={p.loading} data-testid="personal-submit" {...SAVE_HOTKEY}>
              {t('common.save')}
            </Button>
          </>
        }
      >
        {p.passTips && (
          <Alert.Root status="warning" size="sm" mb="3" data-testid="pass-tips">
            <Alert.Indicator />
            <Alert.Title>{t('login.passTips')}</Alert.Title>
          </Alert.Root>
        )}
        {p.error && (
          <Alert.Root status="error" size="sm" mb="3">
            <Alert.Indicator />
            <Alert.Title>{p.error}</Alert.Title>
          </Alert.Root>
        )}
        {p.loading ? (
          <Spinner />
        ) : (
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <TextField name="account" label={t('personal.account')} p={p} readOnly />
            <TextField name="name" label={t('personal.name')} p={p} />
            <TextField name="phone" label={t('personal.phone')} p={p} />
            <Field.Root>
              <Field.Label>{t('personal.codeAuth')}</Field.Label>
              <Switch.Root checked={p.values.code_auth === 1} onCheckedChange={(e) => p.change('code_auth', e.checked ? 1 : 2)}>
                <Switch.HiddenInput />
                <Switch.Control />
              </Switch.Root>
            </Field.Root>
            <ColorModeSwitch />
            <TraceSwitch />
            <Separator gridColumn="1 / -1" />
            <Text gridColumn="1 / -1" fontWeight="semibold">
              {t('personal.changePassword')}
            </Text>
            <TextField name="old_password" label={t('personal.oldPassword')} type="password" p={p} />
            <TextField name="password" label={t('personal.newPassword')} type="password" p={p} hint={t('personal.passwordHint')} />
            <TextField name="confirm" label={t('personal.confirmPassword')} type="password" p={p} />
          </Grid>
        )}
      </DraggableDialog>
      <DiscardConfirm open={p.confirmingClose} onDiscard={p.confirmClose} onKeepEditing={p.cancelClose} />
    </>
  );
}
