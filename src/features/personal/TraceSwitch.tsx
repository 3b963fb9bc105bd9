import { useEffect, useState, useSyncExternalStore } from 'react';
import { Field, Switch } from '@chakra-ui/react';
import { useT } from '../../i18n';
import { shellStore } from '../../app/shellStore';
import { useStore } from '../../app/store';

type TraceTools = typeof import('../../app/traceTools');
let loaded: TraceTools | undefined;
const never = () => () => {};
const off = () => false;

/**
 * The personal center's event-trace switch, for super-admins only: recording starts at once (for the
 * charts started from then on) and lasts for this tab's session, like `?trace=1`; it does not wait for the
 * form's save. The recorder loads with the switch, not with the shell.
 */
export function TraceSwitch() {
  const { t } = useT();
  const isSuper = Boolean(useStore(shellStore).current?.is_super);
  const [tools, setTools] = useState(loaded);
  useEffect(() => {
    if (isSuper && !tools) void import('../../app/traceTools').then((m) => setTools((loaded = m)));
  }, [isSuper, tools]);
  const on = useSyncExternalStore(tools?.subscribeTracing ?? never, tools?.isTracing ?? off);
  if (!isSuper || !tools) return null;
  return (
    <Field.Root gridColumn="1 / -1">
      <Switch.Root checked={on} onCheckedChange={(e) => (e.checked ? tools.startTracing() : tools.stopTracing())} data-testid="trace-switch">
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('trace.switch')}</Switch.Label>
      </Switch.Root>
      <Field.HelperText>{t('trace.switchHint')}</Field.HelperText>
    </Field.Root>
  );
}
