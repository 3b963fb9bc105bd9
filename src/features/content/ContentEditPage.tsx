import { lazy, Suspense, useRef } from 'react';
import { Badge, Box, Button, Card, Field, Grid, Heading, HStack, Input, Spinner, Stack, Switch, Textarea } from '@chakra-ui/react';
import { ArrowLeft, Save, Send, SendHorizontal } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import type { ImageLocalResult, WordSearchResult } from '../../../models/content';
import { post } from '../../api/http';
import { navigateTo, tabs } from '../../app/root';
import { currentSiteStore } from '../../app/siteStore';
import { LoadError } from '../../components/LoadError';
import { useUnsavedChanges } from '../../app/useUnsavedChanges';
import { ChooseColumn } from './ChooseColumn';
import { OptionSelect } from '../../components/OptionSelect';
import { t, useT } from '../../i18n';
import { ConflictDialog } from './ConflictDialog';
import { ImageInput, uploadImage } from './ImageInput';
import { ModelFieldInput } from './ModelFieldInput';
import { RevisionsPanel } from './RevisionsPanel';
import { TagInput } from './TagInput';
import { customPaths, generalPaths, idAtEnd, type ContentPaths } from './paths';
import { pathOnly } from '../../../models/routing';
import { useContentEditor, type ContentEditor } from './useContentEditor';
import { CheckStatusBadge } from '../audit/CheckStatusBadge';
import { ContentAuditTrail } from '../audit/ContentAuditTrail';
import { SubmitOutcomeDialog } from '../audit/SubmitOutcomeDialog';
import { useContentAudit } from '../audit/useContentAudit';
import { useSubmitAudit } from '../audit/useSubmitAudit';
import { SAVE_HOTKEY } from '../../app/saveShortcut';

const RichTextEditor = lazy(() => import('../../components/editor/RichTextEditor'));

/** The editor's four server actions (spec §7 "Content"). */
function editorActions(contentId: number | null) {
  return {
    innerLink: async (html: string) =>
      (await post<string>('/content/addInnerChat', { website_id: currentSiteStore.get(), content: html, sub_id: contentId ?? 0 })).data,
    wordSearch: async (html: string) => (await post<WordSearchResult>('/content/wordSearch', { content: html })).data,
    imgLocal: async (html: string) => (await post<ImageLocalResult>('/content/imgLocal', { content: html }, { timeout: 120_000 })).data,
    descExtraction: async (html: string) => (await post<string>('/content/descExtraction', { content: html })).data,
  };
}

function TextField({ e, name, label, hint, area }: { e: ContentEditor; name: string; label: string; hint?: string; area?: boolean }) {
  const props = { 'data-testid': `content-${name}`, value: String(e.values[name] ?? ''), onChange: (ev: { currentTarget: { value: string } }) => e.change(name, ev.currentTarget.value) };
  return (
    <Field.Root invalid={Boolean(e.errors[name])}>
      <Field.Label>{label}</Field.Label>
      {area ? <Textarea rows={3} {...props} /> : <Input {...props} />}
      {hint && !e.errors[name] && <Field.HelperText>{hint}</Field.HelperText>}
      {e.errors[name] && <Field.ErrorText>{e.errors[name]}</Field.ErrorText>}
    </Field.Root>
  );
}

function SwitchField({ e, name, label }: { e: ContentEditor; name: string; label: string }) {
  return (
    // The root is a <label>: its text names the switch for screen readers, and clicking it toggles.
    <Switch.Root size="sm" display="flex" justifyContent="space-between" checked={Boolean(e.values[name])} onCheckedChange={(ev) => e.change(name, ev.checked)} data-testid={`content-${name}`}>
      <Switch.Label fontSize="sm" fontWeight="normal">
        {label}
      </Switch.Label>
      <Switch.HiddenInput />
      <Switch.Control />
    </Switch.Root>
  );
}

function Editor({ id, categoryId, paths }: { id: number | null; categoryId: number | null; paths: ContentPaths }) {
  const [location] = useLocation();
  // The audit state and trail follow each saved version; submitting reloads the item (it may publish directly).
  // The editor chart submits after "save and submit", so the submit hook comes first and reloads through a ref.
  const reloadAll = useRef(() => {});
  const submit = useSubmitAudit(() => reloadAll.current());
  const e = useContentEditor({
    id,
    categoryId,
    submitForReview: (savedId) => submit.submit(savedId),
    onSaved: (savedId, created) => {
      if (!created) return;
      // The new item lives on its edit page from now on: the add tab becomes the edit tab.
      const edit = paths.edit(savedId, categoryId ?? 0);
      const view = tabs.getSnapshot().context.views.find((v) => v.path === location);
      if (view) tabs.send({ type: 'tab.replace', from: location, view: { ...view, path: pathOnly(edit), to: edit } });
      navigateTo(edit, true);
    },
  });
  // Leaving with unsaved edits asks first.
  useUnsavedChanges(e.unsaved);
  const audit = useContentAudit(e.id, e.version);
  reloadAll.current = () => {
    audit.reload();
    e.reload();
  };
  if (e.failed) return <LoadError message={e.error} onRetry={e.reload} />;
  if (!e.scaffold) return <Spinner />;
  const { category, fields } = e.scaffold;
  const custom = (e.values.fields ?? {}) as Record<string, unknown>;
  return (
    <Stack gap="3" data-testid="content-editor">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <HStack gap="2">
          <Button size="sm" variant="ghost" onClick={() => navigateTo(paths.list)}>
            <ArrowLeft /> {t('content.backToList')}
          </Button>
          <Heading size="md">{category.title}</Heading>
          <Badge colorPalette={e.storedStatus === 1 ? 'green' : 'gray'} data-testid="content-stored-status" data-status={e.storedStatus === 1 ? 'published' : 'draft'}>
            {t(e.storedStatus === 1 ? 'content.published' : 'content.draft')}
          </Badge>
          {e.id && <Badge variant="outline">v{e.version}</Badge>}
          {/* In review or rejected says more than the publishing status beside it; draft and published repeat it. */}
          {e.id && audit.outstanding && <CheckStatusBadge state={audit.state} />}
        </HStack>
        <HStack gap="2" flexWrap="wrap">
          <Button
            size="sm"
            variant="outline"
            colorPalette="orange"
            onClick={() => e.id && void submit.submit(e.id)}
            loading={submit.submitting !== null}
            disabled={!e.id || e.dirty || e.saving || !audit.submittable}
            title={!e.id || e.dirty ? t('audit.submit.saveFirst') : undefined}
            data-testid="content-submit-audit"
          >
            <SendHorizontal /> {t('audit.submit.button')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => e.save()} loading={e.saving} disabled={!e.editable} data-testid="content-save" {...SAVE_HOTKEY}>
            <Save /> {t('content.form.save')}
          </Button>
          <Button size="sm" colorPalette="blue" onClick={e.publish} loading={e.saving || e.submitting} disabled={!e.canPublish} data-testid="content-publish">
            <Send /> {t(e.audited ? 'content.form.saveAndSubmit' : 'content.form.saveAndPublish')}
          </Button>
        </HStack>
      </HStack>
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 320px' }} gap="3" alignItems="start">
        <Stack gap="3" minW="0">
          <Card.Root size="sm">
            <Card.Body>
              <Stack gap="3">
                <TextField e={e} name="title" label={t('content.form.title')} />
                <TextField e={e} name="subtitle" label={t('content.form.subtitle')} />
                <Field.Root invalid={Boolean(e.errors.body)}>
                  <Field.Label>{t('content.form.body')}</Field.Label>
                  <Box w="full">
                    <Suspense fallback={<Spinner />}>
                      <RichTextEditor
                        value={String(e.values.body ?? '')}
                        label={t('content.form.body')}
                        onChange={(html: string) => e.change('body', html)}
                        upload={uploadImage}
                        actions={editorActions(e.id)}
                        onDescription={(text: string) => e.change('description', text)}
                        testId="body-editor"
                      />
                    </Suspense>
                  </Box>
                  {e.errors.body && <Field.ErrorText>{e.errors.body}</Field.ErrorText>}
                </Field.Root>
              </Stack>
            </Card.Body>
          </Card.Root>
          {fields.length > 0 && (
            <Card.Root size="sm">
              <Card.Header>
                <Heading size="sm">{t('content.form.modelFields')}</Heading>
              </Card.Header>
              <Card.Body>
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                  {fields.map((f) => (
                    <Box key={f.id} gridColumn={f.type === 'richtext' || f.type === 'images' ? '1 / -1' : undefined}>
                      <ModelFieldInput field={f} value={custom[f.name]} error={e.errors[`fields.${f.name}`]} onChange={(v) => e.changeField(f.name, v)} />
                    </Box>
                  ))}
                </Grid>
              </Card.Body>
            </Card.Root>
          )}
        </Stack>
        <Stack gap="3">
          <Card.Root size="sm">
            <Card.Header>
              <Heading size="sm">{t('content.form.publishing')}</Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="3">
                <Field.Root>
                  <Field.Label>{t('content.form.status')}</Field.Label>
                  <OptionSelect
                    testId="content-status"
                    value={e.values.status}
                    options={[
                      { value: 1, label: t('content.published') },
                      { value: 2, label: t('content.draft') },
                    ]}
                    emptyLabel={t('common.pleaseSelect')}
                    onChange={(v) => e.change('status', v ?? 2)}
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label>{t('content.form.publishedAt')}</Field.Label>
                  <Input type="datetime-local" value={String(e.values.published_at ?? '').slice(0, 16)} onChange={(ev) => e.change('published_at', ev.currentTarget.value)} />
                </Field.Root>
                <SwitchField e={e} name="is_top" label={t('content.form.isTop')} />
                <SwitchField e={e} name="is_recommend" label={t('content.form.isRecommend')} />
                <Field.Root>
                  <Field.Label>{t('content.form.sort')}</Field.Label>
                  <Input type="number" min={0} value={String(e.values.sort ?? 0)} onChange={(ev) => e.change('sort', Number(ev.currentTarget.value) || 0)} />
                </Field.Root>
              </Stack>
            </Card.Body>
          </Card.Root>
          <Card.Root size="sm">
            <Card.Header>
              <Heading size="sm">{t('content.form.basic')}</Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="3">
                <Field.Root>
                  <Field.Label>{t('content.form.thumbnail')}</Field.Label>
                  <ImageInput testId="content-thumbnail" value={String(e.values.thumbnail ?? '')} onChange={(url) => e.change('thumbnail', url)} />
                </Field.Root>
                <Field.Root>
                  <Field.Label>{t('content.form.tags')}</Field.Label>
                  <TagInput value={(e.values.tags as string[]) ?? []} onChange={(tags) => e.change('tags', tags)} />
                </Field.Root>
                <TextField e={e} name="author" label={t('content.form.author')} />
                <TextField e={e} name="source" label={t('content.form.source')} />
                <TextField e={e} name="alias" label={t('content.form.alias')} hint={t('content.form.aliasHint')} />
              </Stack>
            </Card.Body>
          </Card.Root>
          <Card.Root size="sm">
            <Card.Header>
              <Heading size="sm">{t('content.form.seo')}</Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="3">
                <TextField e={e} name="keywords" label={t('content.form.keywords')} />
                <TextField e={e} name="description" label={t('content.form.description')} area />
              </Stack>
            </Card.Body>
          </Card.Root>
          <RevisionsPanel contentId={e.id} version={e.version} onRestored={e.reload} />
          {e.id && <ContentAuditTrail audit={audit} />}
        </Stack>
      </Grid>
      <ConflictDialog conflict={e.conflict} onReload={e.reloadLatest} onOverwrite={e.overwrite} />
      <SubmitOutcomeDialog submit={submit} />
    </Stack>
  );
}

/** /addContent?category_id=, /updateContent?id= and the custom-content pages /addCustomContent/{id}, /updateCustomContent/{id}?id=. */
export default function ContentEditPage() {
  useT();
  const [location] = useLocation();
  const query = new URLSearchParams(useSearch());
  const fixed = location.startsWith('/addCustomContent/') || location.startsWith('/updateCustomContent/') ? idAtEnd(location) : undefined;
  const id = Number(query.get('id')) || null;
  const categoryId = fixed ?? (Number(query.get('category_id')) || null);
  const paths = fixed ? customPaths(fixed) : generalPaths;
  // A new item without a column has no form yet: ask for the column.
  if (!id && !categoryId) return <ChooseColumn paths={paths} />;
  // A different item on the same page (same tab) is a fresh editor.
  return <Editor key={`${id}:${categoryId}`} id={id} categoryId={categoryId} paths={paths} />;
}
