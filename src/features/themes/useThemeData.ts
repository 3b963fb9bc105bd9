import { useCallback, useEffect, useState } from 'react';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A list from the server for the current site, reloaded when the site changes, plus calls that reload it. */
export function useThemeData<T>(url: string) {
  const site = useStore(currentSiteStore);
  const [rows, setRows] = useState<T[]>([]);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => {
    get<T[]>(url)
      .then(({ data }) => setRows(data))
      .catch((e: unknown) => notify('error', messageOf(e)));
  }, [url]);
  useEffect(reload, [reload, site]);
  const call = useCallback(
    (send: () => Promise<{ msg: string }>) => {
      setBusy(true);
      send()
        .then(({ msg }) => notify('success', msg))
        .catch((e: unknown) => notify('error', messageOf(e)))
        .finally(() => {
          setBusy(false);
          reload();
        });
    },
    [reload],
  );
  return { rows, busy, call, post };
}
