import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { session } from '../../app/root';
import { SMS_RESEND_COOLDOWN_MS } from '../../../models/constants';

/** Re-renders every second while `active`: the clock behind a countdown. */
function useTicker(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

/** The login page's view of the session chart. */
export function useLogin() {
  const state = useSelector(session, (s) => s);
  const search = useSearch();
  const sentAt = state.context.codeSentAt;
  const now = useTicker(sentAt !== null && Date.now() - sentAt < SMS_RESEND_COOLDOWN_MS);
  const cooldown = sentAt ? Math.max(0, Math.ceil((sentAt + SMS_RESEND_COOLDOWN_MS - now) / 1000)) : 0;
  return {
    needsCode: state.hasTag('needsCode'),
    busy: state.hasTag('busy'),
    error: state.context.error,
    redirect: new URLSearchParams(search).get('redirect'),
    cooldown,
    canRequestCode: state.can({ type: 'code.request' }) && cooldown === 0,
    submit: (account: string, password: string) => session.send({ type: 'login.submit', account, password }),
    submitCode: (code: string) => session.send({ type: 'login.submit', account: state.context.account, password: '', code }),
    requestCode: () => session.send({ type: 'code.request' }),
    cancel: () => session.send({ type: 'login.cancel' }),
  };
}
