import { Alert, Badge, Button, Card, Dialog, Field, Heading, HStack, Input, Portal, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { t } from '../../i18n';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../resource/format';
import { useDatabase, type DatabaseView } from './useDatabase';

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** The "back up now" card: the button, then the job's progress and outcome. */
function BackupCard({ db }: { db: DatabaseView }) {
  const job = db.backup;
  return (
    <Card.Root size="sm">
      <Card.Body gap="3">
        <HStack gap="2" wrap="wrap">
          {job.finished ? (
            <Button size="sm" variant="outline" onClick={job.reset} data-testid="database-backup-again">
              {t('database.again')}
            </Button>
          ) : (
            <Button size="sm" colorPalette="blue" disabled={!db.isSuper || !db.idle} loading={job.busy} onClick={db.startBackup} data-testid="database-backup">
              {t('database.backupNow')}
            </Button>
          )}
          {db.index && (
            <Text fontSize="sm" color="fg.muted">
              {t('database.engine', { engine: db.index.engine === 'postgres' ? 'PostgreSQL' : 'PGlite', version: db.index.schema_version })}
            </Text>
          )}
        </HStack>
        {(job.running || job.finished || job.error) && (
          <Stack gap="2" data-testid="database-backup-progress">
            {!job.failed && (
              <Progress.Root value={job.succeeded ? 100 : job.progress} colorPalette={job.succeeded ? 'green' : 'blue'} striped={job.running} animated={job.running}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
            <Text fontSize="sm" color={job.failed || job.error ? 'red.fg' : undefined} data-testid="database-backup-status">
              {job.succeeded && job.result
                ? t('database.backedUp', { name: job.result.name, tables: job.result.tables, rows: job.result.rows })
                : job.failed || (job.error && !job.running)
                  ? t('database.backupFailed', { message: db.backupError })
                  : t('database.backingUp', { progress: job.progress })}
            </Text>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function ScheduleCard({ db }: { db: DatabaseView }) {
  const s = db.schedule;
  if (!s) return null;
  return (
    <Card.Root size="sm" data-testid="database-schedule">
      <Card.Header>
        <Heading size="sm">{t('database.schedule')}</Heading>
      </Card.Header>
      <Card.Body gap="3">
        <Text fontSize="sm" color="fg.muted">
          {s.interval_hours > 0 ? t('database.scheduleOn', { hours: s.interval_hours, count: s.retention }) : t('database.scheduleOff')}
        </Text>
        <HStack gap="3" align="end" wrap="wrap">
          <Field.Root w="auto">
            <Field.Label>{t('database.interval')}</Field.Label>
            <Input size="sm" w="40" type="number" min={0} value={s.interval_hours} disabled={!db.isSuper} data-testid="database-interval" onChange={(e) => db.editSchedule({ interval_hours: Math.max(0, Number(e.currentTarget.value) || 0) })} />
          </Field.Root>
          <Field.Root w="auto">
            <Field.Label>{t('database.retention')}</Field.Label>
            <Input size="sm" w="40" type="number" min={1} value={s.retention} disabled={!db.isSuper} data-testid="database-retention" onChange={(e) => db.editSchedule({ retention: Math.max(1, Number(e.currentTarget.value) || 1) })} />
          </Field.Root>
          <Button size="sm" colorPalette="blue" disabled={!db.isSuper} onClick={db.saveSchedule} data-testid="database-schedule-save">
            {t('database.save')}
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function RestoreDialog({ db }: { db: DatabaseView }) {
  const job = db.restore;
  const open = db.restoring !== null;
  return (
    <Dialog.Root open={open} role="alertdialog" placement="center" closeOnInteractOutside={false} onOpenChange={(e) => !e.open && db.cancelRestore()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="database-restore-dialog" maxW="calc(100vw - 32px)" w="480px">
            <Dialog.Header>
              <Dialog.Title fontSize="md">{t('database.restoreTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Alert.Root status="warning" size="sm">
                  <Alert.Indicator />
                  <Alert.Title whiteSpace="normal">{t('database.restoreWarning', { name: db.restoring ?? '' })}</Alert.Title>
                </Alert.Root>
                {job.idle || (job.error && !job.running && !job.finished) ? (
                  <Field.Root invalid={Boolean(job.error)}>
                    <Field.Label>{t('database.password')}</Field.Label>
                    <Input
                      size="sm"
                      type="password"
                      autoComplete="current-password"
                      value={db.password}
                      onChange={(e) => db.setPassword(e.currentTarget.value)}
                      onKeyDown={(e) => e.key === 'Enter' && db.confirmRestore()}
                      data-testid="database-restore-password"
                    />
                    {job.error && <Field.ErrorText data-testid="database-restore-error">{db.restoreError}</Field.ErrorText>}
                  </Field.Root>
                ) : (
                  <Stack gap="2" data-testid="database-restore-progress">
                    {!job.failed && (
                      <Progress.Root value={job.succeeded ? 100 : job.progress} colorPalette={job.succeeded ? 'green' : 'blue'} striped={job.running} animated={job.running}>
                        <Progress.Track>
                          <Progress.Range />
                        </Progress.Track>
                      </Progress.Root>
                    )}
                    <Text fontSize="sm" color={job.failed ? 'red.fg' : undefined} data-testid="database-restore-status">
                      {job.succeeded && job.result
                        ? t('database.restored', { name: job.result.name, rows: job.result.rows })
                        : job.failed
                          ? t('database.restoreFailed', { message: db.restoreError })
                          : t('database.restoring', { progress: job.progress })}
                    </Text>
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {job.finished ? (
                <Button size="sm" colorPalette="blue" onClick={db.closeRestore} data-testid="database-restore-close">
                  {t('database.again')}
                </Button>
              ) : (
                <>
                  <Button variant="outline" size="sm" onClick={db.cancelRestore} disabled={job.busy}>
                    {t('common.cancel')}
                  </Button>
                  <Button size="sm" colorPalette="red" onClick={db.confirmRestore} loading={job.busy} disabled={!db.password} data-testid="database-restore-confirm">
                    {t('database.restoreConfirm')}
                  </Button>
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** /Database/index: back up now, the backup files (download, delete, restore), scheduled backups. */
export default function DatabasePage() {
  const db = useDatabase();
  return (
    <Stack gap="4" data-testid="database-page">
      <Stack gap="1">
        <Heading size="md">{t('database.title')}</Heading>
        <Text fontSize="sm" color="fg.muted">{t('database.hint')}</Text>
        {!db.isSuper && <Text fontSize="sm" color="orange.fg">{t('database.superOnly')}</Text>}
      </Stack>
      <BackupCard db={db} />
      <Stack gap="2">
        <Heading size="sm">{t('database.files')}</Heading>
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="database-files">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('database.columns.name')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('database.columns.size')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('database.columns.time')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('database.columns.tables')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('database.columns.rows')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {!db.files.length && (
                <Table.Row>
                  <Table.Cell colSpan={5} textAlign="center" color="fg.muted">
                    {t('database.noFiles')}
                  </Table.Cell>
                </Table.Row>
              )}
              {db.files.map((f) => (
                <Table.Row key={f.name} data-testid="database-file">
                  <Table.Cell>
                    <Stack gap="1">
                      <Text fontFamily="mono" fontSize="xs" whiteSpace="nowrap">
                        {f.name}
                        {f.schema_version && db.index && f.schema_version !== db.index.schema_version && (
                          <Badge ms="2" size="sm" colorPalette="orange">
                            {t('database.otherSchema')}
                          </Badge>
                        )}
                      </Text>
                      <HStack gap="1" ms="-2">
                        <Button size="xs" variant="ghost" disabled={!db.isSuper} onClick={() => db.download(f.name)} data-testid="database-download">
                          {t('database.download')}
                        </Button>
                        <Button size="xs" variant="ghost" colorPalette="orange" disabled={!db.isSuper || !db.idle} onClick={() => db.askRestore(f.name)} data-testid="database-restore">
                          {t('database.restore')}
                        </Button>
                        <Button size="xs" variant="ghost" colorPalette="red" disabled={!db.isSuper || !db.idle} onClick={() => db.askDelete(f.name)} data-testid="database-delete">
                          {t('database.delete')}
                        </Button>
                      </HStack>
                    </Stack>
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">{sizeText(f.size)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(f.created_at)}</Table.Cell>
                  <Table.Cell textAlign="end">{f.tables ?? '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{f.rows ?? '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Stack>
      <ScheduleCard db={db} />
      <ConfirmDialog
        open={db.deleting !== null}
        title={t('database.deleteTitle')}
        body={t('database.deleteConfirm', { name: db.deleting ?? '' })}
        confirmLabel={t('database.delete')}
        cancelLabel={t('common.cancel')}
        onConfirm={db.confirmDelete}
        onCancel={db.cancelDelete}
        busy={db.deleteBusy}
        danger
        testId="database-confirm-delete"
      />
      <RestoreDialog db={db} />
    </Stack>
  );
}
