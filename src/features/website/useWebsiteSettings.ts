import { useEffect } from 'react';
import { useStore } from '../../app/store';
import { currentSiteStore, sitesStore } from '../../app/siteStore';
import { shellStore } from '../../app/shellStore';
import { get, post } from '../../api/http';
import { validateWith } from '../../i18n/zodErrors';
import { walkTree } from '../../../models/menu';
import { RAW_SCRIPT_SETTINGS, WebsiteSettingsUpdate, type WebsiteSettings } from '../../../models/website';
import type { Values } from '../../../machines/resourceForm.machine';
import { usePageForm } from './usePageForm';

/** The settings of the site chosen in the top bar: loaded, edited and saved; reloaded when the site changes. */
export function useWebsiteSettings() {
  const siteId = useStore(currentSiteStore);
  const sites = useStore(sitesStore);
  const isSuper = Boolean(useStore(shellStore).current?.is_super);
  const form = usePageForm({
    validate: (values) => validateWith(WebsiteSettingsUpdate, { ...values, site_id: siteId }),
    load: async (id) => (await get<WebsiteSettings>('/websiteSetting/index', { site_id: id })).data as Values,
    save: async (values, _mode, id) => {
      const body: Values = { ...values, site_id: id };
      // Raw scripts are the super-admins' to change; others send what they may change.
      if (!isSuper) for (const key of RAW_SCRIPT_SETTINGS) delete body[key];
      return (await post('/websiteSetting/update', body)).msg;
    },
    onSaved: (_values, _mode, id) => id && form.startEdit(id),
  });
  const { startEdit, reset } = form;
  useEffect(() => {
    reset();
    if (siteId) startEdit(siteId);
    // Only a new site starts the form again; the intents are stable.
  }, [siteId]);
  const site = [...walkTree(sites)].find((s) => s.id === siteId);
  return {
    form,
    siteId,
    siteName: site?.name ?? '',
    isSuper,
    reload: () => siteId && startEdit(siteId),
  };
}
