import { Alert, Badge, Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowLeft, ArrowUp, Plus, RefreshCw } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { useLocation } from 'wouter';
import { loaderMachine } from '../../../machines/loader.machine';
import type { Values } from '../../../machines/resourceForm.machine';
import { modelFieldResource } from '../../../models/resources/sites';
import { OPTION_FIELD_TYPES, type ContentModel, type FieldType } from '../../../models/contentModel';
import { MAX_PAGE_SIZE } from '../../../models/constants';
import { t } from '../../i18n';
import { get, post } from '../../api/http';
import { notify } from '../../components/Toaster';
import { LoadError } from '../../components/LoadError';
import { DeleteConfirm } from '../../components/DeleteConfirm';
import { useResourceList } from '../resource/useResourceList';
import { useResourceForm } from '../resource/useResourceForm';
import { ResourceTable } from '../resource/ResourceTable';
import { ModelFieldDialog } from './ModelFieldDialog';
import { useQueryParam } from './useQueryParam';

const PATH = '/ModelField/index';

/** Only what the field schema takes; options only for choice types, an empty default as none. */
function prepareFor(modelId: number) {
  return (v: Values): Values => {
    const type = v.type as FieldType;
    const empty = v.default_value === '' || v.default_value === undefined;
    return {
      id: v.id,
      model_id: modelId,
      name: v.name,
      title: v.title,
      type,
      required: Boolean(v.required),
      default_value: empty ? null : v.default_value,
      options: OPTION_FIELD_TYPES.includes(type) ? v.options : [],
      placeholder: v.placeholder ?? '',
      sort: v.sort ?? 0,
    };
  };
}

function ModelHeader({ modelId }: { modelId: number }) {
  const [, navigate] = useLocation();
  const actor = useChart(
    loaderMachine.provide({
      actions: {
        fetch: () => {
          get<ContentModel>('/module/read', { id: modelId })
            .then(({ data }) => actor.send({ type: 'loaded', data }))
            .catch((e: Error) => actor.send({ type: 'failed', message: e.message }));
        },
      },
    }),
  );
  const model = useSelector(actor, (s) => s.context.data as ContentModel | null);
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? s.context.error : null));
  return (
    <Stack gap="2">
      <HStack gap="3" flexWrap="wrap">
        <Button size="sm" variant="ghost" onClick={() => navigate('/Module/index')} data-testid="back-to-models">
          <ArrowLeft /> {t('modelField.back')}
        </Button>
        {model && (
          <Text fontWeight="medium" data-testid="model-title">
            {t('modelField.model', { name: model.name, key: model.key })}
          </Text>
        )}
      </HStack>
      {error && <LoadError message={error} onRetry={() => actor.send({ type: 'reload' })} />}
    </Stack>
  );
}

/** One model's fields: add, edit, delete and reorder them. */
function ModelFields({ modelId }: { modelId: number }) {
  const def = modelFieldResource;
  const list = useResourceList(def, { limit: MAX_PAGE_SIZE, filters: { model_id: modelId } });
  const form = useResourceForm(def, list.reload, prepareFor(modelId));
  const ids = list.rows.map((r) => r.id);
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    post('/modelField/sort', { model_id: modelId, ids: next })
      .then(() => notify('success', t('modelField.reordered')))
      .catch((e: Error) => notify('error', e.message))
      .finally(list.reload);
  };
  return (
    <Stack gap="3">
      <HStack gap="2">
        <Button size="sm" colorPalette="blue" onClick={() => form.openCreate({ type: 'text', required: false, options: [], sort: (ids.length + 1) * 10, placeholder: '' })} data-testid="create">
          <Plus /> {t('common.create')}
        </Button>
        <IconButton size="sm" variant="ghost" onClick={list.reload} aria-label={t('common.refresh')}>
          <RefreshCw />
        </IconButton>
      </HStack>
      {list.failed && <LoadError message={list.error} onRetry={list.reload} />}
      <ResourceTable
        def={def}
        list={list}
        rows={list.rows}
        onEdit={form.openEdit}
        renderCell={(column, row) => {
          const index = ids.indexOf(row.id);
          if (column.name === 'sort') {
            return (
              <HStack gap="0.5">
                <IconButton size="2xs" variant="ghost" aria-label={t('modelField.moveUp')} title={t('modelField.moveUp')} disabled={index === 0 || list.busy} onClick={() => move(index, -1)} data-testid={`move-up-${row.id}`}>
                  <ArrowUp />
                </IconButton>
                <IconButton size="2xs" variant="ghost" aria-label={t('modelField.moveDown')} title={t('modelField.moveDown')} disabled={index === ids.length - 1 || list.busy} onClick={() => move(index, 1)} data-testid={`move-down-${row.id}`}>
                  <ArrowDown />
                </IconButton>
              </HStack>
            );
          }
          if (column.name === 'name') return <Badge variant="surface" fontFamily="mono">{String(row.name)}</Badge>;
          if (column.name === 'title') {
            return (
              <Stack gap="0">
                <Text as="span">{String(row.title)}</Text>
                {/* The name column is hidden on narrow screens: shown under the title instead. */}
                <Text as="span" fontSize="xs" fontFamily="mono" color="fg.muted" display={{ base: 'block', md: 'none' }}>
                  {String(row.name)}
                </Text>
              </Stack>
            );
          }
          return undefined;
        }}
      />
      <ModelFieldDialog form={form} />
      <DeleteConfirm list={list} soft={false} />
    </Stack>
  );
}

/** /ModelField/index?model_id=: the fields of one model (a guide page of the model list). */
export default function ModelFieldPage() {
  const modelId = Number(useQueryParam(PATH, 'model_id'));
  if (!Number.isInteger(modelId) || modelId <= 0) {
    return (
      <Alert.Root status="info" data-testid="page-modelField">
        <Alert.Indicator />
        <Alert.Title>{t('modelField.noModel')}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Box data-testid="page-modelField">
      <Stack gap="3" key={modelId}>
        <ModelHeader modelId={modelId} />
        <ModelFields modelId={modelId} />
      </Stack>
    </Box>
  );
}
