import { UPLOAD_FAILED, type UploadedAttachment } from '../../../machines/upload.machine';
import { t } from '../../i18n';
import { startUpload } from './uploadRunner';

// One image uploaded the way every attachment is: through the upload chart (hash check, one request or
// chunks, resume) and the attachment ingest endpoints, as an uncategorised attachment of the current
// site. For screens that take one image and show its progress themselves (the rich-text editor).

/** The chart's error as the attachment screen shows it. */
const errorText = (error: string | null) => (error === UPLOAD_FAILED || !error ? t(UPLOAD_FAILED) : error);

/** Uploads `file`; `onProgress` gets the chart's percent; resolves with the attachment, rejects with the chart's error. */
export function uploadImageAttachment(file: File, onProgress?: (percent: number) => void): Promise<UploadedAttachment> {
  return new Promise((resolve, reject) => {
    const handle = startUpload(file, { cateId: 0, compress: false });
    let last = -1;
    const subscription = handle.actor.subscribe((s) => {
      if (s.context.progress !== last) {
        last = s.context.progress;
        onProgress?.(last);
      }
      if (s.hasTag('done') && s.context.result) resolve(s.context.result);
      else if (s.hasTag('failed')) reject(new Error(errorText(s.context.error)));
      else return;
      // A failed chunked upload keeps its resume record: uploading the same file again sends only what is missing.
      subscription.unsubscribe();
      handle.actor.stop();
    });
  });
}
