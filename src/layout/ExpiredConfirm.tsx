import { useSelector } from '@xstate/react';
import { session } from '../app/root';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useT } from '../i18n';

/** 50008 / 50012 / 50014: "you have been logged out — stay, or log in again" (spec §8). */
export function ExpiredConfirm() {
  const { t } = useT();
  const open = useSelector(session, (s) => s.hasTag('expiredConfirm'));
  return (
    <ConfirmDialog
      open={open}
      title={t('expired.title')}
      body={t('expired.body')}
      confirmLabel={t('expired.relogin')}
      cancelLabel={t('expired.stay')}
      onConfirm={() => session.send({ type: 'expired.relogin' })}
      onCancel={() => session.send({ type: 'expired.stay' })}
      testId="expired-confirm"
    />
  );
}
