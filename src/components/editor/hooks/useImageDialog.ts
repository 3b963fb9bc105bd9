import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../../../app/useChart';
import { imageUploadMachine, typedUrlValid } from '../../../../machines/imageUpload.machine';
import type { UploadedFile } from '../../../../models/content';
import { insertImages } from '../slate/inserts';
import type { BanyanEditor } from '../types';
import { useLatest } from './useLatest';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Uploads one image, reporting its percent as it goes; rejects with a message the dialog shows. */
export type ImageUploader = (file: File, onProgress: (percent: number) => void) => Promise<UploadedFile>;

/** Connects the image dialog to its chart; the chosen File objects wait here, by key, for their upload. */
export function useImageDialog(editor: BanyanEditor, upload: ImageUploader | undefined, returnFocus: () => void) {
  const uploadRef = useLatest(upload);
  const files = useRef(new Map<string, File>());
  const nextKey = useRef(0);
  const actor = useChart(
    imageUploadMachine.provide({
      actions: {
        startUploads: (_, { keys }) => {
          for (const key of keys) {
            const file = files.current.get(key);
            const send = uploadRef.current;
            if (!file || !send) {
              actor.send({ type: 'upload.failed', key, message: 'no upload' });
              continue;
            }
            send(file, (percent) => actor.send({ type: 'upload.progress', key, percent }))
              .then((done) => actor.send({ type: 'upload.done', key, url: done.url }))
              .catch((e: unknown) => actor.send({ type: 'upload.failed', key, message: messageOf(e) }));
          }
        },
        insertImages: (_, { images }) => {
          insertImages(editor, images);
          returnFocus();
        },
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  const { items, url, alt } = state.context;
  return {
    open: state.hasTag('open'),
    /** Confirm is unavailable meanwhile; the view asks the user to wait. */
    uploading: state.hasTag('uploading'),
    canUpload: Boolean(upload),
    items,
    url,
    alt,
    urlInvalid: !typedUrlValid(url),
    canConfirm: state.can({ type: 'dialog.confirm' }),
    show: () => actor.send({ type: 'dialog.open' }),
    close: () => actor.send({ type: 'dialog.close' }),
    changeUrl: (value: string) => actor.send({ type: 'url.change', url: value }),
    changeAlt: (value: string) => actor.send({ type: 'alt.change', alt: value }),
    choose: (list: FileList | File[]) => {
      const chosen = Array.from(list).map((file) => {
        const key = `image-${++nextKey.current}`;
        files.current.set(key, file);
        return { key, name: file.name };
      });
      if (chosen.length) actor.send({ type: 'files.choose', files: chosen });
    },
    retry: (key: string) => actor.send({ type: 'item.retry', key }),
    remove: (key: string) => {
      files.current.delete(key);
      actor.send({ type: 'item.remove', key });
    },
    confirm: () => actor.send({ type: 'dialog.confirm' }),
    /** Images chosen in the attachment picker go in at once, like a confirm. */
    insertFromLibrary: (images: Array<{ url: string; name: string }>) => {
      if (!images.length) return;
      insertImages(editor, images.map((i) => ({ url: i.url, alt: i.name })));
      actor.send({ type: 'dialog.close' });
      returnFocus();
    },
  };
}
export type ImageDialogView = ReturnType<typeof useImageDialog>;
