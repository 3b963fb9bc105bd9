import { describe, expect, it } from 'vitest';
import { ATTACHMENT_TYPE } from '../../../models/attachment';
import { fitsKind } from '../../../machines/attachmentPicker.machine';
import { picked, pickedFromUpload } from '../../../src/components/attachments/picker/pickedAttachment';

describe('what the picker hands back', () => {
  it('a listed attachment becomes exactly {id, name, url, type}', () => {
    const row = { id: 7, name: 'a.png', url: '/uploads/a.png', type: 2 as const, site_id: 1, storage: 1, mime: 'image/png', size: 10 };
    expect(picked(row)).toEqual({ id: 7, name: 'a.png', url: '/uploads/a.png', type: 2 });
  });

  it('an upload answer without a type is typed by its file name', () => {
    expect(pickedFromUpload({ id: 1, name: 'photo.JPG', url: '/u/1.jpg' }).type).toBe(ATTACHMENT_TYPE.image);
    expect(pickedFromUpload({ id: 2, name: 'clip.mp4', url: '/u/2.mp4' }).type).toBe(ATTACHMENT_TYPE.video);
    expect(pickedFromUpload({ id: 3, name: 'notes.pdf', url: '/u/3.pdf' }).type).toBe(ATTACHMENT_TYPE.file);
    expect(pickedFromUpload({ id: 4, name: 'x.bin', url: '/u/4', type: ATTACHMENT_TYPE.archive } as never).type).toBe(ATTACHMENT_TYPE.archive);
  });

  it('an image picker fits images only; a picker without a kind fits anything', () => {
    const image = pickedFromUpload({ id: 1, name: 'a.webp', url: '/u/a.webp' });
    const doc = pickedFromUpload({ id: 2, name: 'a.docx', url: '/u/a.docx' });
    expect(fitsKind('image', image)).toBe(true);
    expect(fitsKind('image', doc)).toBe(false);
    expect(fitsKind(null, doc)).toBe(true);
  });
});
