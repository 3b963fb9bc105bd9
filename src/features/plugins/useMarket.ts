import { useCallback, useEffect, useState } from 'react';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { useStore } from '../../app/store';
import { languageStore } from '../../i18n';
import type { MarketPackage, MarketView } from '../../../models/pluginMarket';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The market tab's connection: the catalogue merged with what is installed, install / upgrade of one package
 * (its error stays on its card until the next try) and the catalogue address. `onChanged` tells the installed
 * tab that a plugin came or changed.
 */
export function useMarket(onChanged?: () => void, revision?: unknown) {
  const lang = useStore(languageStore);
  const [view, setView] = useState<MarketView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [url, setUrl] = useState('');

  const reload = useCallback(() => {
    get<MarketView>('/plugin/market')
      .then(({ data }) => {
        setView(data);
        setUrl(data.url);
        setLoadError(data.error);
      })
      .catch((e: unknown) => {
        setView(null);
        setLoadError(messageOf(e));
      });
  }, []);
  useEffect(reload, [reload, revision]);

  const act = useCallback(
    (id: string, path: '/plugin/marketInstall' | '/plugin/upgrade') => {
      setBusyId(id);
      setErrors(({ [id]: _gone, ...rest }) => rest);
      post(path, { id })
        .then(({ msg }) => {
          notify('success', msg);
          onChanged?.();
        })
        .catch((e: unknown) => {
          setErrors((all) => ({ ...all, [id]: messageOf(e) }));
          notify('error', messageOf(e));
        })
        .finally(() => {
          setBusyId(null);
          reload();
        });
    },
    [onChanged, reload],
  );

  const saveUrl = useCallback(
    (next: string) => {
      post('/plugin/marketUrl', { url: next.trim() })
        .then(({ msg }) => notify('success', msg))
        .catch((e: unknown) => notify('error', messageOf(e)))
        .finally(reload);
    },
    [reload],
  );

  const text = (p: MarketPackage, field: 'name' | 'description') => p[field][lang];
  return {
    packages: view?.packages ?? [],
    loaded: view !== null,
    source: view?.url ?? '',
    loadError,
    url,
    setUrl,
    busyId,
    errorOf: (id: string) => errors[id] ?? null,
    text,
    reload,
    install: (id: string) => act(id, '/plugin/marketInstall'),
    upgrade: (id: string) => act(id, '/plugin/upgrade'),
    saveUrl: () => saveUrl(url),
    useShipped: () => saveUrl(''),
  };
}
