import { useRef } from 'react';
import { Alert, Badge, Box, Button, Flex, Heading, HStack, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { MotionConfig } from 'framer-motion';
import { ArrowDown, ArrowLeft, ArrowUp, Braces, Copy, Download, Eye, Redo2, Save, Trash2, Undo2, Upload } from 'lucide-react';
import { useSearch } from 'wouter';
import type { FormComponentType } from '../../../models/formRules';
import { navigateTo } from '../../app/root';
import { DraggableDialog } from '../../components/DraggableDialog';
import { LoadError } from '../../components/LoadError';
import { t, useT } from '../../i18n';
import { DesignCanvas } from './DesignCanvas';
import { FormRenderer } from './FormRenderer';
import { Palette } from './Palette';
import { PropertiesPanel } from './PropertiesPanel';
import { useFormDesigner, type FormDesigner } from './useFormDesigner';

// The form designer screen (/form/design?id=N): palette | canvas | panel (stacked on a phone), with the
// toolbar above; preview and struct editor open as dialogs.

function ToolButton({ label, icon, onClick, disabled, testId, primary, loading }: { label: string; icon: React.ReactNode; onClick: () => void; disabled?: boolean; testId: string; primary?: boolean; loading?: boolean }) {
  return (
    <Button size="xs" variant={primary ? 'solid' : 'outline'} colorPalette={primary ? 'blue' : undefined} onClick={onClick} disabled={disabled} loading={loading} data-testid={testId} data-hotkey={testId === 'design-save' ? 'save' : undefined}>
      {icon} {label}
    </Button>
  );
}

function Toolbar({ designer }: { designer: FormDesigner }) {
  const file = useRef<HTMLInputElement>(null);
  const off = !designer.canEdit;
  return (
    <HStack gap="1.5" flexWrap="wrap" data-testid="form-toolbar">
      <ToolButton label={t('formDesign.undo')} icon={<Undo2 />} onClick={designer.undo} disabled={!designer.canUndo} testId="design-undo" />
      <ToolButton label={t('formDesign.redo')} icon={<Redo2 />} onClick={designer.redo} disabled={!designer.canRedo} testId="design-redo" />
      <ToolButton label={t('formDesign.moveUp')} icon={<ArrowUp />} onClick={() => designer.active && designer.reorder(designer.active.field, 'up')} disabled={!designer.canMoveUp} testId="design-move-up" />
      <ToolButton label={t('formDesign.moveDown')} icon={<ArrowDown />} onClick={() => designer.active && designer.reorder(designer.active.field, 'down')} disabled={!designer.canMoveDown} testId="design-move-down" />
      <ToolButton label={t('formDesign.copy')} icon={<Copy />} onClick={designer.copy} disabled={!designer.canCopy} testId="design-copy" />
      <ToolButton label={t('formDesign.delete')} icon={<Trash2 />} onClick={designer.remove} disabled={!designer.canDelete} testId="design-delete" />
      <ToolButton label={t('formDesign.preview')} icon={<Eye />} onClick={designer.openPreview} disabled={off} testId="design-preview" />
      <ToolButton label={t('formDesign.struct')} icon={<Braces />} onClick={designer.openStruct} disabled={off} testId="design-struct" />
      <ToolButton label={t('formDesign.import')} icon={<Upload />} onClick={() => file.current?.click()} disabled={off} testId="design-import" />
      <input
        ref={file}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="design-import-file"
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (f) void f.text().then(designer.importJson);
        }}
      />
      <ToolButton label={t('formDesign.export')} icon={<Download />} onClick={designer.exportJson} disabled={designer.loading} testId="design-export" />
      <ToolButton label={t('formDesign.save')} icon={<Save />} onClick={designer.save} disabled={!designer.canSave} loading={designer.saving} testId="design-save" primary />
      {designer.dirty && (
        <Badge colorPalette="orange" data-testid="design-unsaved">
          {t('formDesign.unsaved')}
        </Badge>
      )}
      {designer.saved && (
        <Badge colorPalette="green" data-testid="design-saved">
          {t('formDesign.saved')}
        </Badge>
      )}
    </HStack>
  );
}

function StructEditor({ designer }: { designer: FormDesigner }) {
  return (
    <DraggableDialog
      open={designer.structEditing}
      onClose={designer.closeStruct}
      width={760}
      testId="struct-dialog"
      title={t('formDesign.structTitle')}
      footer={
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={designer.closeStruct} data-testid="struct-close">
            {t('common.cancel')}
          </Button>
          <Button size="sm" colorPalette="blue" disabled={!designer.canApplyStruct} onClick={designer.applyStruct} data-testid="struct-apply">
            {t('formDesign.structApply')}
          </Button>
        </HStack>
      }
    >
      <Stack gap="2">
        <Textarea
          value={designer.structText}
          onChange={(e) => designer.editStruct(e.currentTarget.value)}
          rows={18}
          fontFamily="mono"
          fontSize="xs"
          spellCheck={false}
          aria-invalid={designer.jsonError !== null}
          aria-label={t('formDesign.structTitle')}
          data-testid="struct-text"
        />
        {designer.jsonError && (
          <Text fontSize="sm" color="fg.error" role="alert" data-testid="struct-error">
            {t('formDesign.jsonError', { error: designer.jsonError })}
          </Text>
        )}
      </Stack>
    </DraggableDialog>
  );
}

function Preview({ designer }: { designer: FormDesigner }) {
  return (
    <DraggableDialog open={designer.previewing} onClose={designer.closePreview} width={900} testId="preview-dialog" title={t('formDesign.previewTitle', { name: designer.name })}>
      {designer.previewing && <FormRenderer rules={designer.rules} options={designer.options} />}
    </DraggableDialog>
  );
}

function Designer({ id }: { id: number }) {
  const designer = useFormDesigner(id);
  const drag = useRef<FormComponentType | null>(null);
  if (designer.failed) return <LoadError message={designer.error ?? t('formDesign.loadFailed')} onRetry={designer.retry} />;
  return (
    <Stack gap="3" data-testid="form-designer" data-loading={designer.loading} data-dirty={designer.dirty}>
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <HStack gap="2">
          <Button size="sm" variant="ghost" onClick={() => navigateTo('/Form/index')} data-testid="design-back">
            <ArrowLeft /> {t('formDesign.back')}
          </Button>
          <Heading size="md" data-testid="design-title">
            {t('formDesign.title', { name: designer.name })}
          </Heading>
        </HStack>
        <Toolbar designer={designer} />
      </HStack>
      {designer.jsonError && !designer.structEditing && (
        <Alert.Root status="error" size="sm" data-testid="import-error">
          <Alert.Indicator />
          <Alert.Title>{t('formDesign.jsonError', { error: designer.jsonError })}</Alert.Title>
        </Alert.Root>
      )}
      <Flex gap="3" direction={{ base: 'column', lg: 'row' }} align="stretch">
        <Box w={{ base: 'full', lg: '240px' }} flexShrink={0} bg="bg" p="3" rounded="md" borderWidth="1px">
          <Palette designer={designer} drag={drag} />
        </Box>
        <Box flex="1" minW="0" bg="bg" p="3" rounded="md" borderWidth="1px">
          {designer.loading ? <Skeleton h="360px" /> : <DesignCanvas designer={designer} drag={drag} />}
        </Box>
        <Box w={{ base: 'full', lg: '300px' }} flexShrink={0} bg="bg" p="3" rounded="md" borderWidth="1px">
          <PropertiesPanel designer={designer} />
        </Box>
      </Flex>
      <Preview designer={designer} />
      <StructEditor designer={designer} />
    </Stack>
  );
}

export default function FormDesignPage() {
  useT();
  const id = Number(new URLSearchParams(useSearch()).get('id')) || 0;
  if (!id)
    return (
      <Alert.Root status="warning" data-testid="design-no-id">
        <Alert.Indicator />
        <Alert.Title>{t('formDesign.noId')}</Alert.Title>
      </Alert.Root>
    );
  return (
    <MotionConfig reducedMotion="user">
      <Designer key={id} id={id} />
    </MotionConfig>
  );
}
