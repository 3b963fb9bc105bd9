import type { PickedAttachment } from '../../../../machines/attachmentPicker.machine';
import type { UploadedAttachment } from '../../../../machines/upload.machine';
import { ATTACHMENT_TYPE, type Attachment } from '../../../../models/attachment';
import { kindOfFile } from '../attachmentKinds';

// What the picker hands back for a listed, uploaded or added attachment: {id, name, url, type}.

export const picked = (a: Pick<Attachment, 'id' | 'name' | 'url' | 'type'>): PickedAttachment => ({ id: a.id, name: a.name, url: a.url, type: a.type });

/** An uploaded file as a choice; the upload answer ({id, name, url}) leaves out the type, so the name says it. */
export function pickedFromUpload(a: UploadedAttachment & { type?: number }): PickedAttachment {
  return { id: a.id, name: a.name, url: a.url, type: typeof a.type === 'number' ? a.type : ATTACHMENT_TYPE[kindOfFile(a.name, '')] };
}
