import { lazy, Suspense, useEffect } from 'react';
import { Badge, Box, Button, Card, DataList, Field, Grid, Heading, HStack, Input, Spinner, Stack, Textarea } from '@chakra-ui/react';
import { ArrowLeft, Save } from 'lucide-react';
import { useSearch } from 'wouter';
import { CategoryUpdate, type Category } from '../../../models/category';
import { get, post } from '../../api/http';
import { navigateTo } from '../../app/root';
import { LoadError } from '../../components/LoadError';
import { t, useT } from '../../i18n';
import { validateWith } from '../../i18n/zodErrors';
import { usePageForm } from '../website/usePageForm';
import { uploadImage } from './ImageInput';
import { SAVE_HOTKEY } from '../../app/saveShortcut';

const RichTextEditor = lazy(() => import('../../components/editor/RichTextEditor'));

const EDITABLE = ['content', 'description', 'seo_title', 'seo_keywords', 'seo_description'] as const;

/**
 * /ColumnInfo?category_id=: a column at a glance, and the page body of a single-page column (its text
 * and SEO), saved with the column.
 */
function ColumnInfo({ id }: { id: number }) {
  const form = usePageForm({
    validate: (values) => validateWith(CategoryUpdate, values),
    load: async (categoryId) => (await get<Category>('/category/read', { id: categoryId })).data as unknown as Record<string, unknown>,
    save: async (values) => (await post('/category/update', values)).msg,
    // The form closes on save; open it again on what was stored.
    onSaved: () => form.startEdit(id),
  });
  useEffect(() => form.startEdit(id), [id]); // eslint-disable-line react-hooks/exhaustive-deps
  const c = form.values as unknown as Category;
  if (form.error && !form.editable) return <LoadError message={form.error} onRetry={() => form.startEdit(id)} />;
  if (form.loading || !c.title) return <Spinner />;
  const text = (name: (typeof EDITABLE)[number], label: string, area = false) => (
    <Field.Root invalid={Boolean(form.errors[name])}>
      <Field.Label>{label}</Field.Label>
      {area ? (
        <Textarea rows={3} value={String(c[name] ?? '')} onChange={(e) => form.change(name, e.currentTarget.value)} />
      ) : (
        <Input value={String(c[name] ?? '')} onChange={(e) => form.change(name, e.currentTarget.value)} />
      )}
      {form.errors[name] && <Field.ErrorText>{form.errors[name]}</Field.ErrorText>}
    </Field.Root>
  );
  return (
    <Stack gap="3" data-testid="column-info">
      <HStack justify="space-between" flexWrap="wrap">
        <HStack>
          <Button size="sm" variant="ghost" onClick={() => navigateTo('/Content/index')}>
            <ArrowLeft /> {t('content.backToList')}
          </Button>
          <Heading size="md">{c.title}</Heading>
          <Badge>{t(`content.columnTypes.${c.type}`)}</Badge>
        </HStack>
        <Button size="sm" colorPalette="blue" onClick={form.submit} loading={form.submitting} disabled={!form.editable} data-testid="column-info-save" {...SAVE_HOTKEY}>
          <Save /> {t('common.save')}
        </Button>
      </HStack>
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 320px' }} gap="3" alignItems="start">
        <Card.Root size="sm">
          <Card.Body>
            <Stack gap="3">
              {c.type === 2 && (
                <Field.Root>
                  <Field.Label>{t('content.form.body')}</Field.Label>
                  <Box w="full">
                    <Suspense fallback={<Spinner />}>
                      <RichTextEditor value={c.content} onChange={(html: string) => form.change('content', html)} upload={uploadImage} testId="column-page-editor" />
                    </Suspense>
                  </Box>
                </Field.Root>
              )}
              {text('description', t('content.form.description'), true)}
            </Stack>
          </Card.Body>
        </Card.Root>
        <Stack gap="3">
          <Card.Root size="sm">
            <Card.Body>
              <DataList.Root size="sm" orientation="horizontal">
                {[
                  ['content.info.model', c.model_name],
                  ['content.form.alias', c.alias],
                  ['content.info.contents', String(c.content_count)],
                  ['content.form.status', t(c.status === 1 ? 'content.info.shown' : 'content.info.hidden')],
                ].map(([label, value]) => (
                  <DataList.Item key={label}>
                    <DataList.ItemLabel>{t(label!)}</DataList.ItemLabel>
                    <DataList.ItemValue>{value}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
            </Card.Body>
          </Card.Root>
          <Card.Root size="sm">
            <Card.Header>
              <Heading size="sm">{t('content.form.seo')}</Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="3">
                {text('seo_title', t('content.info.seoTitle'))}
                {text('seo_keywords', t('content.form.keywords'))}
                {text('seo_description', t('content.form.description'), true)}
              </Stack>
            </Card.Body>
          </Card.Root>
        </Stack>
      </Grid>
    </Stack>
  );
}

export default function ColumnInfoPage() {
  useT();
  const id = Number(new URLSearchParams(useSearch()).get('category_id'));
  return id ? <ColumnInfo key={id} id={id} /> : <LoadError message={t('content.noColumns')} onRetry={() => navigateTo('/Content/index')} />;
}
