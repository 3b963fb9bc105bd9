import { Alert, Badge, Box, Button, Card, CloseButton, HStack, IconButton, Spinner, Stack, Switch, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { AUDIT_MODES, MAX_AUDIT_STEPS, type AuditMode, type AuditStep } from '../../../models/audit';
import { DraggableDialog } from '../../components/DraggableDialog';
import { LoadError } from '../../components/LoadError';
import { OptionSelect } from '../../components/OptionSelect';
import { t } from '../../i18n';
import { ChoiceGroup } from './ChoiceGroup';
import { useAdmins, type AdminOption } from './useAdmins';
import { useFlowEditor, type FlowEditor } from './useFlowEditor';

function StepCard({ step, index, count, admins, editor }: { step: AuditStep; index: number; count: number; admins: AdminOption[]; editor: FlowEditor }) {
  const nameOf = (id: number) => admins.find((a) => a.id === id)?.name ?? `#${id}`;
  const choices = admins.filter((a) => !step.reviewers.includes(a.id)).map((a) => ({ value: a.id, label: `${a.name} (${a.account})` }));
  return (
    <Card.Root size="sm" variant="outline" data-testid={`flow-step-${index + 1}`}>
      <Card.Body gap="2.5">
        <HStack justify="space-between" gap="2" flexWrap="wrap">
          <Text fontWeight="semibold">{t('audit.flow.step', { step: index + 1 })}</Text>
          <HStack gap="1">
            <IconButton size="xs" variant="ghost" aria-label={t('audit.flow.moveUp')} title={t('audit.flow.moveUp')} disabled={index === 0} onClick={() => editor.edit({ type: 'moveStep', index, by: -1 })}>
              <ArrowUp />
            </IconButton>
            <IconButton size="xs" variant="ghost" aria-label={t('audit.flow.moveDown')} title={t('audit.flow.moveDown')} disabled={index === count - 1} onClick={() => editor.edit({ type: 'moveStep', index, by: 1 })}>
              <ArrowDown />
            </IconButton>
            <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('audit.flow.removeStep')} title={t('audit.flow.removeStep')} onClick={() => editor.edit({ type: 'removeStep', index })} data-testid={`flow-remove-${index + 1}`}>
              <Trash2 />
            </IconButton>
          </HStack>
        </HStack>
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            {t('audit.flow.mode')}
          </Text>
          <ChoiceGroup<AuditMode> value={step.mode} onChange={(mode) => editor.edit({ type: 'setMode', index, mode })} testId={`flow-mode-${index + 1}`} items={AUDIT_MODES.map((m) => ({ value: m, label: t(`audit.mode.${m}`) }))} />
          <Text fontSize="xs" color="fg.muted">
            {t(`audit.modeHint.${step.mode}`)}
          </Text>
        </Stack>
        <Stack gap="1.5">
          <Text fontSize="sm" color="fg.muted">
            {t('audit.flow.reviewers')}
          </Text>
          <HStack gap="1.5" flexWrap="wrap">
            {step.reviewers.map((id) => (
              <Badge key={id} size="md" variant="surface" colorPalette="blue" pe="0.5" data-testid={`flow-reviewer-${index + 1}-${id}`}>
                {nameOf(id)}
                <CloseButton size="2xs" aria-label={t('audit.flow.removeReviewer', { name: nameOf(id) })} onClick={() => editor.edit({ type: 'removeReviewer', index, id })} />
              </Badge>
            ))}
          </HStack>
          <OptionSelect
            size="sm"
            width="100%"
            testId={`flow-add-reviewer-${index + 1}`}
            ariaLabel={t('audit.flow.addReviewer')}
            value={undefined}
            options={choices}
            emptyLabel={`+ ${t('audit.flow.addReviewer')}`}
            onChange={(v) => v !== undefined && editor.edit({ type: 'addReviewer', index, id: Number(v) })}
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The audit flow of the site (categoryId 0; opened from the check list toolbar) or of one column (opened from
 * the column list, with "inherit the site's flow"): ordered steps, each with reviewers and a mode.
 */
export function FlowDialog({ open, onClose, categoryId, title }: { open: boolean; onClose: () => void; categoryId: number; title: string }) {
  const editor = useFlowEditor(categoryId, open, onClose);
  const admins = useAdmins(open);
  const { draft } = editor;
  const footer = (
    <HStack gap="2">
      <Button size="sm" variant="outline" onClick={onClose}>
        {t('common.cancel')}
      </Button>
      <Button size="sm" colorPalette="blue" loading={editor.saving} disabled={editor.loading || editor.failed} onClick={() => void editor.save()} data-testid="flow-save">
        {t('audit.flow.save')}
      </Button>
    </HStack>
  );
  return (
    <DraggableDialog open={open} onClose={onClose} title={title} width={560} footer={footer} testId="flow-dialog">
      {editor.failed ? (
        <LoadError message={editor.error} onRetry={editor.reload} />
      ) : editor.loading ? (
        <Spinner />
      ) : (
        <Stack gap="3">
          {categoryId !== 0 && (
            <HStack justify="space-between" gap="3">
              <Stack gap="0">
                <Text fontSize="sm">{t('audit.flow.inherit')}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {t('audit.flow.inheritHint')}
                </Text>
              </Stack>
              <Switch.Root size="sm" checked={draft.inherit} onCheckedChange={(e) => editor.edit({ type: 'inherit', on: e.checked })} data-testid="flow-inherit">
                <Switch.HiddenInput />
                <Switch.Control />
              </Switch.Root>
            </HStack>
          )}
          {admins.unavailable && (
            <Alert.Root status="warning" size="sm">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">{t('audit.flow.adminsUnavailable')}</Alert.Title>
            </Alert.Root>
          )}
          {!draft.inherit && (
            <>
              {draft.steps.length === 0 && (
                <Text fontSize="sm" color="fg.muted" data-testid="flow-empty">
                  {t('audit.flow.noSteps')}
                </Text>
              )}
              {draft.steps.map((step, index) => (
                <StepCard key={index} step={step} index={index} count={draft.steps.length} admins={admins.admins} editor={editor} />
              ))}
              <Box>
                <Button size="sm" variant="outline" disabled={draft.steps.length >= MAX_AUDIT_STEPS} onClick={() => editor.edit({ type: 'addStep' })} data-testid="flow-add-step">
                  <Plus /> {t('audit.flow.addStep')}
                </Button>
                {draft.steps.length >= MAX_AUDIT_STEPS && (
                  <Text as="span" ms="2" fontSize="xs" color="fg.muted">
                    {t('audit.flow.maxSteps', { max: MAX_AUDIT_STEPS })}
                  </Text>
                )}
              </Box>
            </>
          )}
          {editor.problem && (
            <Alert.Root status="error" size="sm" data-testid="flow-problem">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">{editor.problem}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      )}
    </DraggableDialog>
  );
}
