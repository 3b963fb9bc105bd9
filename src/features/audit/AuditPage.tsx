import { Alert, Badge, Box, Button, Card, Field, Grid, Heading, HStack, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { ArrowLeft, Check, Undo2 } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import type { AuditDetail } from '../../../models/audit';
import { auditAt, isInReview } from '../../../machines/audit.machine';
import { navigateTo } from '../../app/root';
import { CONTENT_CSS } from '../../components/editor/contentCss';
import { LoadError } from '../../components/LoadError';
import { OptionSelect } from '../../components/OptionSelect';
import { t, useT } from '../../i18n';
import { AuditSteps } from './AuditSteps';
import { AuditTrail } from './AuditTrail';
import { CheckStatusBadge } from './CheckStatusBadge';
import { auditColumnOf, auditPaths } from './paths';
import { useAuditPage, type AuditPageModel } from './useAuditPage';

const BODY_CSS = {
  ...CONTENT_CSS,
  '& mark.word-level-1': { bg: 'yellow.muted', color: 'inherit', paddingInline: '1px' },
  '& mark.word-level-2': { bg: 'red.muted', color: 'red.fg', paddingInline: '1px', fontWeight: 'semibold' },
} as const;

function Words({ words }: { words: AuditDetail['words'] }) {
  if (!words.length) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('audit.page.wordsNone')}
      </Text>
    );
  }
  return (
    <HStack gap="1.5" flexWrap="wrap" data-testid="audit-words">
      {words.map((w) => (
        <Badge key={w.title} colorPalette={w.level === 2 ? 'red' : 'yellow'} title={t(w.level === 2 ? 'audit.page.level2' : 'audit.page.level1')}>
          {w.title} · {t(w.level === 2 ? 'audit.page.level2' : 'audit.page.level1')}
        </Badge>
      ))}
    </HStack>
  );
}

function Decision({ page, detail }: { page: AuditPageModel; detail: AuditDetail }) {
  if (!isInReview(auditAt(detail.state))) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('audit.page.notInReview', { state: t(`audit.state.${detail.state}`) })}
      </Text>
    );
  }
  const steps = Array.from({ length: Math.max(detail.step, 1) }, (_, i) => ({
    value: i + 1,
    label: i === 0 ? t('audit.page.toStepFirst') : t('audit.page.toStepOption', { step: i + 1 }),
  }));
  const acting = detail.can_approve || detail.can_reject;
  return (
    <Stack gap="3">
      {!acting && (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t('audit.page.notYours')}</Alert.Title>
        </Alert.Root>
      )}
      <Field.Root invalid={page.commentMissing} disabled={!acting || page.deciding}>
        <Field.Label>{t('audit.page.comment')}</Field.Label>
        <Textarea rows={3} placeholder={t('audit.page.commentPlaceholder')} value={page.comment} onChange={(e) => page.setComment(e.currentTarget.value)} data-testid="audit-comment" />
        {page.commentMissing && <Field.ErrorText>{t('audit.page.commentRequired')}</Field.ErrorText>}
      </Field.Root>
      {detail.can_reject && (
        <Field.Root disabled={page.deciding}>
          <Field.Label>{t('audit.page.toStep')}</Field.Label>
          <OptionSelect size="sm" testId="audit-to-step" value={page.toStep} options={steps} emptyLabel={t('common.pleaseSelect')} onChange={(v) => v !== undefined && page.setToStep(Number(v))} />
        </Field.Root>
      )}
      <HStack gap="2" justify="flex-end">
        <Button size="sm" variant="outline" colorPalette="red" disabled={!page.canReject} loading={page.rejecting} onClick={page.reject} data-testid="audit-reject">
          <Undo2 /> {t('audit.page.reject')}
        </Button>
        <Button size="sm" colorPalette="green" disabled={!page.canApprove} loading={page.approving} onClick={page.approve} data-testid="audit-approve">
          <Check /> {t('audit.page.approve')}
        </Button>
      </HStack>
    </Stack>
  );
}

function Audit({ id, listPath }: { id: number; listPath: string }) {
  const page = useAuditPage(id, listPath);
  const back = (
    <Button size="sm" variant="ghost" onClick={() => navigateTo(listPath)} data-testid="audit-back">
      <ArrowLeft /> {t('audit.page.back')}
    </Button>
  );
  if (page.failed) return <Stack gap="3">{back}<LoadError message={page.error} onRetry={page.reload} /></Stack>;
  const detail = page.detail;
  if (!detail) return <Spinner />;
  return (
    <Stack gap="3" data-testid="audit-page" data-state={detail.state}>
      <HStack gap="2" flexWrap="wrap">
        {back}
        <Box flex="1" />
        {page.loading && <Spinner size="sm" />}
      </HStack>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 360px' }} gap="3" alignItems="start">
        <Card.Root size="sm" minW="0">
          <Card.Header gap="1.5">
            <HStack gap="2" flexWrap="wrap">
              <Heading size="md" data-testid="audit-title" wordBreak="break-word">
                {detail.title}
              </Heading>
              <CheckStatusBadge state={detail.state} />
            </HStack>
            <HStack gap="3" fontSize="sm" color="fg.muted" flexWrap="wrap">
              <Text>{detail.category_title}</Text>
              {detail.submitter_name && <Text>{t('audit.page.submitter', { name: detail.submitter_name })}</Text>}
              {detail.author && <Text>{t('audit.page.author', { name: detail.author })}</Text>}
            </HStack>
          </Card.Header>
          <Card.Body gap="3">
            <Stack gap="1">
              <Text fontSize="sm" fontWeight="medium">
                {t('audit.page.words')}
              </Text>
              <Words words={detail.words} />
            </Stack>
            <Box borderTopWidth="1px" pt="3" css={BODY_CSS} overflowX="auto" data-testid="audit-body" dangerouslySetInnerHTML={{ __html: detail.marked_body }} />
          </Card.Body>
        </Card.Root>
        <Stack gap="3" minW="0">
          <Card.Root size="sm">
            <Card.Header>
              <Heading size="sm">{t('audit.page.decide')}</Heading>
            </Card.Header>
            <Card.Body>
              <Decision page={page} detail={detail} />
            </Card.Body>
          </Card.Root>
          <Card.Root size="sm">
            <Card.Header>
              <Heading size="sm">{t('audit.page.steps')}</Heading>
            </Card.Header>
            <Card.Body>
              <AuditSteps steps={detail.steps} />
            </Card.Body>
          </Card.Root>
          <Card.Root size="sm">
            <Card.Header>
              <Heading size="sm">{t('audit.trail.title')}</Heading>
            </Card.Header>
            <Card.Body>
              <AuditTrail entries={detail.trail} />
            </Card.Body>
          </Card.Root>
        </Stack>
      </Grid>
    </Stack>
  );
}

/** /auditingContent?id= (returns to /Content/checkList) and /auditingContent/{category_id}?id= (to /contentCheck/{category_id}). */
export default function AuditPage() {
  useT();
  const [location] = useLocation();
  const id = Number(new URLSearchParams(useSearch()).get('id')) || 0;
  const paths = auditPaths(auditColumnOf(location));
  if (!id) {
    return (
      <Stack gap="3" align="flex-start">
        <Button size="sm" variant="ghost" onClick={() => navigateTo(paths.list)}>
          <ArrowLeft /> {t('audit.page.back')}
        </Button>
        <Text color="fg.muted">{t('audit.page.missingId')}</Text>
      </Stack>
    );
  }
  // Another item in the same tab is a fresh page.
  return <Audit key={id} id={id} listPath={paths.list} />;
}
