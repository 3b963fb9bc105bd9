import { useEffect } from 'react';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { leaveTo } from '../../app/root';
import { get, post } from '../../api/http';
import { validateWith } from '../../i18n/zodErrors';
import { hasKey, t } from '../../i18n';
import { FriendLinkCreate, FriendLinkUpdate, JUMP_BLANK, LINK_TYPE, type FriendLink } from '../../../models/friendLink';
import { STATUS_ACTIVE } from '../../../models/common';
import type { Values } from '../../../machines/resourceForm.machine';
import { usePageForm } from '../website/usePageForm';
import { useQueryParam } from '../module/useQueryParam';
import { ADD_PATH, LIST_PATH, UPDATE_PATH, linksDidChange } from './linksStore';

const blank = (): Values => ({
  name: '',
  url: 'http://',
  link_type: LINK_TYPE.exchange,
  site_type: 1,
  weight: 0,
  pr: 0,
  deadline: '',
  platform: '',
  phone: '',
  adder: '',
  jump: JUMP_BLANK,
  logo: '',
  anchor: '',
  sort: 0,
  status: STATUS_ACTIVE,
});

/** Only what the link schemas take (a loaded record also carries its check state). */
const bodyOf = (v: Values): Values => {
  const keys = Object.keys(FriendLinkUpdate.shape);
  return Object.fromEntries(Object.entries(v).filter(([k]) => keys.includes(k)));
};
const label = (field: string) => (hasKey(`resources.link.fields.${field}`) ? t(`resources.link.fields.${field}`) : undefined);

/**
 * The add page (/addLink) or the edit page (/updateLink?id=) of a friendly link: a full-page form on the
 * form chart. Saving goes back to the list and closes this page's tab.
 */
export function useLinkForm(kind: 'add' | 'update') {
  const path = kind === 'add' ? ADD_PATH : UPDATE_PATH;
  const param = useQueryParam(path, 'id');
  const siteId = useStore(currentSiteStore);
  const leave = () => leaveTo(LIST_PATH, [path]);
  const form = usePageForm({
    // The same field rules in both modes (the id comes from the page, not the form).
    validate: (values) => validateWith(FriendLinkCreate, bodyOf(values), label),
    load: async (id) => (await get<FriendLink>('/link/read', { id })).data as unknown as Values,
    save: async (values, mode, id) => (await post(mode === 'create' ? '/link/save' : '/link/update', bodyOf(mode === 'edit' ? { ...values, id } : values))).msg,
    onSaved: () => {
      linksDidChange();
      leave();
    },
  });
  const { startCreate, startEdit, reset } = form;
  const id = Number(param ?? 0);
  useEffect(() => {
    reset();
    if (kind === 'add') startCreate(blank());
    else if (Number.isInteger(id) && id > 0) startEdit(id);
  }, [kind, id, siteId]);
  return { form, missingId: kind === 'update' && !(id > 0), leave };
}
