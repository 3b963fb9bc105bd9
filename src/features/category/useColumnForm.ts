import { useEffect } from 'react';
import { useStore } from '../../app/store';
import { currentSiteStore } from '../../app/siteStore';
import { leaveTo } from '../../app/root';
import { get, post } from '../../api/http';
import { clientValidationLocale, validateWith } from '../../i18n/zodErrors';
import { requiredSentence } from '../../../models/validationMessages';
import { hasKey, t } from '../../i18n';
import { CategoryCreate, CategoryUpdate, type Category } from '../../../models/category';
import { STATUS_ACTIVE } from '../../../models/common';
import { subtreeIds } from '../../../models/tree';
import type { Values } from '../../../machines/resourceForm.machine';
import { usePageForm } from '../website/usePageForm';
import { useQueryParam } from '../module/useQueryParam';
import { columnsDidChange } from './columnsStore';
import { columnOptions, useSiteColumns } from './useSiteColumns';

export const LIST_PATH = '/Category/index';
export const ADD_PATH = '/addColumn';
export const UPDATE_PATH = '/updateColumn';

const blank = (parentId: number): Values => ({
  parent_id: parentId,
  title: '',
  alias: '',
  type: 1,
  link_url: '',
  image: '',
  description: '',
  content: '',
  seo_title: '',
  seo_keywords: '',
  seo_description: '',
  list_template: '',
  detail_template: '',
  page_size: 10,
  sort: 0,
  status: STATUS_ACTIVE,
});

/** Only what the column schemas take (a loaded record also carries counts and names). */
const bodyOf = (v: Values): Values => {
  const keys = Object.keys(CategoryUpdate.shape);
  return Object.fromEntries(Object.entries(v).filter(([k]) => keys.includes(k)));
};

/**
 * The add page (/addColumn?parent_id=) or the edit page (/updateColumn?id=) of a column: a full-page
 * form on the form chart. Saving goes back to the list and closes this page's tab.
 */
/** A field's label as the column form shows it. */
const columnLabel = (field: string) => (hasKey(`resources.category.fields.${field}`) ? t(`resources.category.fields.${field}`) : undefined);

export function useColumnForm(kind: 'add' | 'update') {
  const path = kind === 'add' ? ADD_PATH : UPDATE_PATH;
  const param = useQueryParam(path, kind === 'add' ? 'parent_id' : 'id');
  const siteId = useStore(currentSiteStore);
  // Back to the list; the next add or edit opens a fresh page. Unsaved work asks first.
  const leave = () => leaveTo(LIST_PATH, [path]);
  const form = usePageForm({
    validate: (values, mode) => {
      const errors = validateWith(mode === 'create' ? CategoryCreate : CategoryUpdate, bodyOf(values), columnLabel);
      // No model chosen yet reads better as "required" than as a number the select could not give.
      if (values.model_id === undefined || values.model_id === null || values.model_id === '') errors.model_id = requiredSentence(clientValidationLocale(columnLabel), 'model_id');
      return errors;
    },
    load: async (id) => (await get<Category>('/category/read', { id })).data as Values,
    save: async (values, mode, id) => (await post(mode === 'create' ? '/category/save' : '/category/update', bodyOf(mode === 'edit' ? { ...values, id } : values))).msg,
    onSaved: () => {
      columnsDidChange();
      leave();
    },
  });
  const { startCreate, startEdit, reset } = form;
  const id = Number(param ?? 0);
  useEffect(() => {
    reset();
    if (kind === 'add') startCreate(blank(Number.isInteger(id) && id > 0 ? id : 0));
    else if (Number.isInteger(id) && id > 0) startEdit(id);
  }, [kind, id, siteId]);
  const columns = useSiteColumns(siteId);
  // A column cannot move under itself or one of its sub-columns.
  const exclude = kind === 'update' && id > 0 ? subtreeIds(columns.rows, id) : new Set<number>();
  return {
    form,
    missingId: kind === 'update' && !(id > 0),
    parentOptions: columnOptions(columns.rows, exclude),
    leave,
  };
}
