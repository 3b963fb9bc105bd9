import { useEffect, useState } from 'react';
import { get } from '../../api/http';
import { notify } from '../../components/Toaster';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import type { ThemeSharing } from '../../../models/themes';

/** How the current site's settings decide its themes (template sharing, PC/mobile sharing); reloaded per site. */
export function useThemeSharing(): ThemeSharing | null {
  const site = useStore(currentSiteStore);
  const [sharing, setSharing] = useState<ThemeSharing | null>(null);
  useEffect(() => {
    let live = true;
    get<ThemeSharing>('/theme/sharing')
      .then(({ data }) => live && setSharing(data))
      .catch((e: unknown) => notify('error', e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [site]);
  return sharing;
}
