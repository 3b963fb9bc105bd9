import { useActorRef, useSelector } from '@xstate/react';
import { contentEditorMachine, isDirty, type Values } from '../../../machines/contentEditor.machine';
import { ContentSave, type Content, type ContentScaffold, type StaleSave } from '../../../models/content';
import { ApiFailure, get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { validateWith } from '../../i18n/zodErrors';
import { t } from '../../i18n';
import { failedField } from '../resource/useResourceForm';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The form values of a stored item (or of a new one from the scaffold's defaults). */
function valuesOf(content: Content | null, scaffold: ContentScaffold): Values {
  if (!content) {
    return {
      category_id: scaffold.category.id,
      title: '',
      subtitle: '',
      author: '',
      source: '',
      thumbnail: '',
      keywords: '',
      description: '',
      alias: '',
      body: '',
      fields: { ...scaffold.defaults },
      status: 2,
      is_top: false,
      is_recommend: false,
      sort: 0,
      published_at: '',
      tags: [],
    };
  }
  return {
    category_id: content.category_id,
    title: content.title,
    subtitle: content.subtitle,
    author: content.author,
    source: content.source,
    thumbnail: content.thumbnail,
    keywords: content.keywords,
    description: content.description,
    alias: content.alias,
    body: content.body,
    fields: content.fields,
    status: content.status,
    is_top: content.is_top,
    is_recommend: content.is_recommend,
    sort: content.sort,
    published_at: content.published_at ?? '',
    tags: content.tags,
  };
}

/** Required model fields are checked before saving too (the server checks everything again). */
function validate(values: Values, scaffold: unknown): Record<string, string> {
  const errors = validateWith(ContentSave, values);
  const fields = (scaffold as ContentScaffold | null)?.fields ?? [];
  const custom = (values.fields ?? {}) as Record<string, unknown>;
  for (const f of fields) {
    const v = custom[f.name];
    const empty = v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
    if (f.required && empty) errors[`fields.${f.name}`] = t('validation.required');
  }
  return errors;
}

export interface EditorTarget {
  id: number | null;
  categoryId: number | null;
  onSaved: (id: number, created: boolean) => void;
}

/** The content edit page's connect hook: the content-editor chart bound to the content API. */
export function useContentEditor({ id, categoryId, onSaved }: EditorTarget) {
  const actor = useActorRef(
    contentEditorMachine.provide({
      actions: {
        fetch: (_, target) => {
          (async () => {
            const content = target.id ? (await get<Content>('/content/read', { id: target.id })).data : null;
            const category = content?.category_id ?? target.categoryId;
            const scaffold = (await get<ContentScaffold>('/content/create', { category_id: category })).data;
            actor.send({ type: 'loaded', id: content?.id ?? null, version: content?.version ?? 0, values: valuesOf(content, scaffold), scaffold });
          })().catch((e: unknown) => actor.send({ type: 'load.failed', message: messageOf(e) }));
        },
        submit: (_, { id: contentId, version, values }) => {
          const request = contentId
            ? post<{ id: number; version: number }>('/content/update', { ...values, id: contentId, version })
            : post<{ id: number; version: number }>('/content/save', values);
          request
            .then(({ data, msg }) => actor.send({ type: 'save.done', id: data.id ?? contentId!, version: data.version, message: msg }))
            .catch((e: unknown) => {
              if (e instanceof ApiFailure && e.code === 409 && e.data) {
                actor.send({ type: 'save.conflict', stale: e.data as StaleSave, message: e.message });
              } else actor.send({ type: 'save.failed', message: messageOf(e), field: failedField(e) });
            });
        },
        notify: (_, { kind, message }) => notify(kind, message),
        saved: (_, { id: savedId, created }) => onSaved(savedId, created),
      },
    }),
    { input: { id, categoryId, validate } },
  );
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const scaffold = context.scaffold as ContentScaffold | null;
  return {
    id: context.id,
    version: context.version,
    values: context.values,
    errors: context.errors,
    error: context.error,
    conflict: state.hasTag('conflict') ? context.conflict : null,
    scaffold,
    busy: state.hasTag('busy'),
    saving: state.hasTag('saving'),
    editable: state.hasTag('editable'),
    failed: state.hasTag('failed'),
    dirty: isDirty(context),
    change: (name: string, value: unknown) => actor.send({ type: 'field.change', name, value }),
    changeField: (name: string, value: unknown) =>
      actor.send({ type: 'field.change', name: 'fields', value: { ...((context.values.fields as Values) ?? {}), [name]: value } }),
    save: (publish = false) => {
      if (publish) actor.send({ type: 'field.change', name: 'status', value: 1 });
      actor.send({ type: 'save' });
    },
    reload: () => actor.send({ type: 'reload' }),
    reloadLatest: () => actor.send({ type: 'conflict.reload' }),
    overwrite: () => actor.send({ type: 'conflict.overwrite' }),
  };
}
export type ContentEditor = ReturnType<typeof useContentEditor>;
