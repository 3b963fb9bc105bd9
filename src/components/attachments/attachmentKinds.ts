import { File, FileArchive, FileAudio, FileImage, FileVideo, type LucideIcon } from 'lucide-react';
import { ATTACHMENT_TYPE, type AttachmentKind } from '../../../models/attachment';
import { IMAGE_FORMATS, VIDEO_FORMATS } from '../../../models/constants';
import type { Option } from '../../../models/resource';

// The five attachment kinds (models/attachment.ts ATTACHMENT_TYPE): labels, icons, file-input accepts
// and the kind a chosen file is announced as (the server sniffs the bytes and decides).

export type AttachmentTypeCode = (typeof ATTACHMENT_TYPE)[AttachmentKind];

/** The type filter's order: image, video, audio, archive, other file. */
export const KIND_ORDER: readonly AttachmentKind[] = ['image', 'video', 'audio', 'archive', 'file'];

export const kindOptions: readonly Option[] = KIND_ORDER.map((k) => ({ value: ATTACHMENT_TYPE[k], label: `attachment.kinds.${k}` }));

export const KIND_ICONS: Record<AttachmentKind, LucideIcon> = { image: FileImage, video: FileVideo, audio: FileAudio, archive: FileArchive, file: File };

export function kindOfType(type: number): AttachmentKind {
  return (Object.keys(ATTACHMENT_TYPE) as AttachmentKind[]).find((k) => ATTACHMENT_TYPE[k] === type) ?? 'file';
}

const AUDIO_FORMATS = ['mp3', 'wav', 'ogg', 'm4a', 'aac', 'flac'];
const ARCHIVE_FORMATS = ['zip', 'rar', '7z', 'gz', 'tar'];
const extension = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** The kind a file is announced as, from its MIME type or extension. */
export function kindOfFile(name: string, mime: string): AttachmentKind {
  const ext = extension(name);
  if (mime.startsWith('image/') || (IMAGE_FORMATS as readonly string[]).includes(ext)) return 'image';
  if (mime.startsWith('video/') || (VIDEO_FORMATS as readonly string[]).includes(ext)) return 'video';
  if (mime.startsWith('audio/') || AUDIO_FORMATS.includes(ext)) return 'audio';
  if (ARCHIVE_FORMATS.includes(ext)) return 'archive';
  return 'file';
}

/** The file input's accept for a picker limited to one kind ('' accepts anything). */
export function acceptFor(kind: AttachmentKind | undefined): string {
  switch (kind) {
    case 'image':
      return IMAGE_FORMATS.map((f) => `.${f}`).join(',');
    case 'video':
      return VIDEO_FORMATS.map((f) => `.${f}`).join(',');
    case 'audio':
      return AUDIO_FORMATS.map((f) => `.${f}`).join(',');
    case 'archive':
      return ARCHIVE_FORMATS.map((f) => `.${f}`).join(',');
    default:
      return '';
  }
}
