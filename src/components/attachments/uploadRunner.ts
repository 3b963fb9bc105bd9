import { createActor, type ActorRefFrom } from 'xstate';
import type { ChunkProgress } from '../../../models/attachment';
import { ATTACHMENT_TYPE } from '../../../models/attachment';
import { uploadMachine, type ResumeToken, type UploadedAttachment } from '../../../machines/upload.machine';
import { ApiFailure, get, post } from '../../api/http';
import { currentSiteStore } from '../../app/siteStore';
import { traceInspector } from '../../app/trace';
import { t } from '../../i18n';
import { kindOfFile } from './attachmentKinds';
import { compressImage } from './imageCompression';
import { sha256Hex } from './fileHash';
import { resumeStore, type ResumeKey } from './resumeStore';
import { loadUploadLimits } from './loadUploadLimits';

// The upload chart's effects for one chosen file: the HTTP calls of spec §7/§8 and the browser work
// (compression, hashing, the resume record). Each answers the chart with an event.

/** A whole file may take a while; one chunk should not. */
const FILE_TIMEOUT_MS = 30 * 60_000;
const CHUNK_TIMEOUT_MS = 5 * 60_000;
/** The continue answer of a chunk (spec §8). */
const CODE_CONTINUE = 1;

export interface UploadOptions {
  cateId: number;
  /** Compress images in the browser first (and ask the server to downscale large ones). */
  compress: boolean;
  onFinished?: (attachment: UploadedAttachment) => void;
}

export type UploadActor = ActorRefFrom<typeof uploadMachine>;

export interface UploadHandle {
  actor: UploadActor;
  file: File;
  retry(): void;
  /** Stops the upload (a chunked one can still resume later from the same file). */
  cancel(): void;
  /** Cancelled before the chart started (the limits were still loading). */
  stoppedEarly(): boolean;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const failedWith = (e: unknown) => t('attachment.upload.failedWith', { message: messageOf(e) });

/** Starts uploading one file; the handle's actor is what the views read. */
export function startUpload(file: File, options: UploadOptions): UploadHandle {
  let body: File = file;
  let stopped = false;
  let controller = new AbortController();
  let resumeKey: ResumeKey | null = null;
  const type = ATTACHMENT_TYPE[kindOfFile(file.name, file.type)];
  const nextSignal = () => {
    controller = new AbortController();
    return controller.signal;
  };

  const actor = createActor(
    uploadMachine.provide({
      actions: {
        prepareFile: () => {
          (async () => {
            body = options.compress ? await compressImage(file) : file;
            return sha256Hex(body);
          })()
            .then((hash) => actor.send({ type: 'prepare.done', size: body.size, hash }))
            .catch((e: unknown) => actor.send({ type: 'prepare.failed', message: failedWith(e) }));
        },
        checkHash: (_, { hash, size }) => {
          post<UploadedAttachment | null>('/attachment/checkHash', { hash, name: body.name, size, type, attachment_cate_id: options.cateId }, { signal: nextSignal() })
            .then(({ data }) => actor.send(data ? { type: 'hash.found', attachment: data } : { type: 'hash.missing' }))
            .catch((e: unknown) => actor.send({ type: 'hash.failed', message: messageOf(e) }));
        },
        sendFile: () => {
          const form = new FormData();
          form.append('type', String(type));
          form.append('attachment_cate_id', String(options.cateId));
          form.append('reduce_img', options.compress ? '1' : '0');
          form.append('file', body, body.name);
          post<UploadedAttachment>('/attachment/uploadAndSave', form, {
            timeout: FILE_TIMEOUT_MS,
            signal: nextSignal(),
            onUploadProgress: (p) => p.total && actor.send({ type: 'upload.progress', percent: (p.loaded / p.total) * 100 }),
          })
            .then(({ data }) => actor.send({ type: 'upload.done', attachment: data }))
            .catch((e: unknown) => actor.send({ type: 'upload.failed', message: failedWith(e) }));
        },
        fetchStatus: (_, token) => {
          get<ChunkProgress>('/attachment/sliceStatus', { resource_temp_basename: token.basename, resource_temp_path: token.path }, { signal: nextSignal() })
            .then(({ data }) => actor.send({ type: 'status.loaded', received: Array.isArray(data?.received) ? data.received : [] }))
            .catch((e: unknown) => actor.send({ type: 'status.failed', message: messageOf(e) }));
        },
        sendChunk: (_, chunk) => {
          const { context } = actor.getSnapshot();
          const form = new FormData();
          form.append('chunk_total', String(chunk.total));
          form.append('chunk_index', String(chunk.index));
          form.append('resource_temp_basename', chunk.basename);
          form.append('resource_temp_path', chunk.path);
          form.append('resource_type', String(type));
          form.append('resource_name', body.name);
          form.append('resource_size', String(body.size));
          if (context.hash) form.append('resource_hash', context.hash);
          form.append('attachment_cate_id', String(options.cateId));
          // The bytes go last: the server reads the fields before the stream.
          form.append('resource_chunk', body.slice(chunk.start, chunk.end), body.name);
          post<UploadedAttachment>('/attachment/sliceUploadAndSave', form, { timeout: CHUNK_TIMEOUT_MS, signal: nextSignal() })
            .then(({ data }) => actor.send({ type: 'chunk.done', index: chunk.index, attachment: data }))
            .catch((e: unknown) => {
              // http.ts rejects every code but 0; code 1 is this call's "continue".
              if (e instanceof ApiFailure && e.code === CODE_CONTINUE) {
                const progress = (e.data ?? {}) as Partial<ChunkProgress>;
                actor.send({
                  type: 'chunk.sent',
                  index: chunk.index,
                  token: { basename: progress.resource_temp_basename ?? chunk.basename, path: progress.resource_temp_path ?? chunk.path },
                  received: Array.isArray(progress.received) ? progress.received : [chunk.index],
                });
              } else actor.send({ type: 'chunk.failed', index: chunk.index, message: failedWith(e) });
            });
        },
        rememberUpload: (_, token: ResumeToken) => resumeKey && resumeStore.save(resumeKey, token),
        forgetUpload: () => resumeKey && resumeStore.forget(resumeKey),
        abortUpload: () => controller.abort(),
        finished: (_, { attachment }) => options.onFinished?.(attachment),
      },
    }),
    // Not a view's chart (no useChart): traced all the same, like every chart's actor.
    { inspect: traceInspector(uploadMachine) },
  );
  actor.start();

  void loadUploadLimits().then((limits) => {
    if (stopped) return;
    resumeKey = {
      site: currentSiteStore.get(),
      cateId: options.cateId,
      name: file.name,
      size: file.size,
      lastModified: file.lastModified,
      chunkSize: limits.chunkSize,
      compress: options.compress,
    };
    actor.send({
      type: 'upload.start',
      file: { name: file.name, size: file.size, lastModified: file.lastModified },
      chunkSize: limits.chunkSize,
      threshold: limits.threshold,
      resume: resumeStore.find(resumeKey),
    });
  });
  return {
    actor,
    file,
    retry: () => actor.send({ type: 'upload.retry' }),
    cancel: () => {
      stopped = true;
      actor.send({ type: 'upload.cancel' });
    },
    stoppedEarly: () => stopped && actor.getSnapshot().matches('idle'),
  };
}
