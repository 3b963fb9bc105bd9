import { useEffect, useState, useSyncExternalStore } from 'react';
import type { UploadedAttachment } from '../../../machines/upload.machine';
import { UPLOAD_FAILED } from '../../../machines/upload.machine';
import { t } from '../../i18n';
import { useLatest } from '../editor/hooks/useLatest';
import { startUpload, type UploadHandle, type UploadOptions } from './uploadRunner';

// The files being uploaded from one screen, each driven by its own upload chart
// (machines/upload.machine.ts, effects in uploadRunner.ts); the list shows one progress bar per file.
//
// Public API (used by the attachment screen and the attachment picker; keep it stable):
//   const uploads = useUploads((attachment) => ...)   // called once per finished file {id, name, url}
//   uploads.add(fileList, { cateId, compress })      // start one upload per file
//   uploads.rows: UploadRow[]                         // name, phase, progress %, error, canRetry, canCancel, result
//   uploads.busy                                      // some file is still preparing or sending
//   uploads.retry(key) / cancel(key) / remove(key) / clearFinished()
// <UploadList uploads={uploads} /> renders the rows with their progress bars and buttons.

export type UploadPhase = 'preparing' | 'sending' | 'done' | 'failed' | 'cancelled';

export interface UploadRow {
  key: string;
  name: string;
  size: number;
  phase: UploadPhase;
  progress: number;
  chunked: boolean;
  instant: boolean;
  error: string | null;
  canRetry: boolean;
  canCancel: boolean;
  /** The stored attachment once done. */
  result: UploadedAttachment | null;
}

function rowOf(key: string, handle: UploadHandle): UploadRow {
  const s = handle.actor.getSnapshot();
  const phase: UploadPhase =
    s.hasTag('done') ? 'done' : s.hasTag('failed') ? 'failed' : s.hasTag('cancelled') || handle.stoppedEarly() ? 'cancelled' : s.hasTag('progress') ? 'sending' : 'preparing';
  const error = s.context.error;
  return {
    key,
    name: handle.file.name,
    size: handle.file.size,
    phase,
    progress: s.context.progress,
    chunked: s.context.mode === 'chunked',
    instant: s.context.instant,
    error: error === UPLOAD_FAILED ? t(UPLOAD_FAILED) : error,
    canRetry: s.can({ type: 'upload.retry' }),
    // Before the chart starts (limits still loading) the handle stops it too.
    canCancel: s.can({ type: 'upload.cancel' }) || (s.matches('idle') && !handle.stoppedEarly()),
    result: s.context.result,
  };
}

function createUploadQueue(onFinished: (a: UploadedAttachment) => void) {
  let entries: Array<{ key: string; handle: UploadHandle; unsubscribe: () => void }> = [];
  let rows: UploadRow[] = [];
  let next = 0;
  const listeners = new Set<() => void>();
  const refresh = () => {
    rows = entries.map((e) => rowOf(e.key, e.handle));
    for (const l of listeners) l();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    rows: () => rows,
    add(files: File[], options: Omit<UploadOptions, 'onFinished'>) {
      for (const file of files) {
        const handle = startUpload(file, { ...options, onFinished });
        const { unsubscribe } = handle.actor.subscribe(refresh);
        entries = [...entries, { key: `upload-${++next}`, handle, unsubscribe }];
      }
      refresh();
    },
    retry: (key: string) => entries.find((e) => e.key === key)?.handle.retry(),
    cancel: (key: string) => {
      entries.find((e) => e.key === key)?.handle.cancel();
      // A chart that had not started yet says nothing when stopped.
      refresh();
    },
    /** Takes a finished, failed or cancelled file off the list. */
    remove(key: string) {
      const entry = entries.find((e) => e.key === key);
      if (!entry) return;
      entry.handle.cancel();
      entry.unsubscribe();
      entries = entries.filter((e) => e !== entry);
      refresh();
    },
    clearFinished() {
      for (const e of entries.filter((e) => e.handle.actor.getSnapshot().hasTag('done'))) e.unsubscribe();
      entries = entries.filter((e) => !e.handle.actor.getSnapshot().hasTag('done'));
      refresh();
    },
    /** Leaving the screen stops what is still running; a chunked upload resumes when the file is chosen again. */
    stopAll() {
      for (const e of entries) {
        e.handle.cancel();
        e.unsubscribe();
      }
      entries = [];
      rows = [];
    },
  };
}

/** Uploads for one screen: add files, see their progress, retry or remove them. */
export function useUploads(onFinished: (attachment: UploadedAttachment) => void) {
  // One queue per mounted screen; it calls the latest onFinished.
  const latest = useLatest(onFinished);
  const [queue] = useState(() => createUploadQueue((a) => latest.current(a)));
  useEffect(() => () => queue.stopAll(), [queue]);
  const rows = useSyncExternalStore(queue.subscribe, queue.rows, queue.rows);
  return {
    rows,
    busy: rows.some((r) => r.phase === 'preparing' || r.phase === 'sending'),
    add: (files: FileList | File[], options: Omit<UploadOptions, 'onFinished'>) => queue.add(Array.from(files), options),
    retry: queue.retry,
    cancel: queue.cancel,
    remove: queue.remove,
    clearFinished: queue.clearFinished,
  };
}
export type Uploads = ReturnType<typeof useUploads>;
