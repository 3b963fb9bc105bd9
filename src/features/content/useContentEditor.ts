import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { contentEditorMachine, hasUnsavedChanges, isDirty, type Values } from '../../../machines/contentEditor.machine';
import type { AuditFlow } from '../../../models/audit';
import { ContentSave, type Content, type ContentScaffold, type StaleSave } from '../../../models/content';
import { ApiFailure, get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { clientValidationLocale, validateWith } from '../../i18n/zodErrors';
import { requiredSentence } from '../../../models/validationMessages';
import { hasKey, t } from '../../i18n';
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
  const fields = (scaffold as ContentScaffold | null)?.fields ?? [];
  const titles = new Map(fields.map((f) => [`fields.${f.name}`, f.title]));
  // The form's own labels: "URL 别名" rather than the shared "别名", a model field's title.
  const label = (field: string) => {
    const key = `content.form.${field.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}`;
    return titles.get(field) ?? (hasKey(key) ? t(key) : undefined);
  };
  const errors = validateWith(ContentSave, values, label);
  const custom = (values.fields ?? {}) as Record<string, unknown>;
  for (const f of fields) {
    const v = custom[f.name];
    const empty = v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
    if (f.required && empty) errors[`fields.${f.name}`] = requiredSentence(clientValidationLocale(label), `fields.${f.name}`);
  }
  return errors;
}

export interface EditorTarget {
  id: number | null;
  categoryId: number | null;
  onSaved: (id: number, created: boolean) => void;
  /** Submits the saved item for review; resolves whether it went. */
  submitForReview: (id: number) => Promise<boolean>;
}

/** The content edit page's connect hook: the content-editor chart bound to the content API. */
export function useContentEditor({ id, categoryId, onSaved, submitForReview }: EditorTarget) {
  const actor = useChart(
    contentEditorMachine.provide({
      actions: {
        fetch: (_, target) => {
          (async () => {
            const content = target.id ? (await get<Content>('/content/read', { id: target.id })).data : null;
            const category = content?.category_id ?? target.categoryId;
            const scaffold = (await get<ContentScaffold>('/content/create', { category_id: category })).data;
            // Unreadable, the flow counts as none: the server still refuses to publish past an audit.
            const flow = await get<AuditFlow>('/auditFlow/read', { category_id: scaffold.category.id }).then((r) => r.data, () => null);
            const audited = (flow?.steps.length ?? 0) > 0;
            actor.send({ type: 'loaded', id: content?.id ?? null, version: content?.version ?? 0, values: valuesOf(content, scaffold), scaffold, audited });
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
        submitAudit: (_, { id: savedId }) => {
          submitForReview(savedId).then((ok) => actor.send({ type: ok ? 'submit.done' : 'submit.failed' }));
        },
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
    submitting: state.hasTag('submitting'),
    editable: state.hasTag('editable'),
    failed: state.hasTag('failed'),
    dirty: isDirty(context),
    /** Unsaved work the page guards against leaving. */
    unsaved: hasUnsavedChanges(state),
    /** The publishing status as stored (a refused save leaves it as it was). */
    storedStatus: context.initial.status,
    /** Only the audit publishes in this column: the publish button saves and submits for review. */
    audited: context.audited,
    change: (name: string, value: unknown) => actor.send({ type: 'field.change', name, value }),
    changeField: (name: string, value: unknown) =>
      actor.send({ type: 'field.change', name: 'fields', value: { ...((context.values.fields as Values) ?? {}), [name]: value } }),
    save: () => actor.send({ type: 'save' }),
    /** Save and publish, or save and submit for review where only the audit publishes. */
    publish: () => actor.send({ type: 'save.publish' }),
    canPublish: state.can({ type: 'save.publish' }),
    reload: () => actor.send({ type: 'reload' }),
    reloadLatest: () => actor.send({ type: 'conflict.reload' }),
    overwrite: () => actor.send({ type: 'conflict.overwrite' }),
  };
}
export type ContentEditor = ReturnType<typeof useContentEditor>;
