import path from 'node:path';
import { ATTACHMENT_TYPE, type AttachmentKind } from '../../../models/attachment';
import type { UploadSettings } from '../../../models/uploadSettings';

// Which kind of attachment a file name claims to be, and which sniffed contents may stand behind each
// extension. The extension only narrows things down: the bytes decide (server/operations/attachments/inspect.ts).

/** Kinds in the order a bare extension is looked up. */
export const KINDS: readonly AttachmentKind[] = ['image', 'video', 'audio', 'archive', 'file'];

export const kindOfType = (type: number): AttachmentKind => KINDS.find((k) => ATTACHMENT_TYPE[k] === type) ?? 'file';

/** Never stored, whatever the settings say: pages, scripts, server code and executables. */
export const BLOCKED_EXTENSIONS = new Set([
  'html', 'htm', 'xhtml', 'xht', 'shtml', 'mht', 'mhtml', 'hta', 'svgz', 'xml', 'xsl', 'xslt',
  'js', 'mjs', 'cjs', 'jsx', 'vbs', 'vbe', 'wsf', 'ps1', 'psm1',
  'php', 'php3', 'php4', 'php5', 'php7', 'phtml', 'phar', 'pht', 'asp', 'aspx', 'ashx', 'jsp', 'jspx', 'cgi', 'pl', 'py', 'rb',
  'exe', 'dll', 'com', 'scr', 'msi', 'bat', 'cmd', 'sh', 'bash', 'elf', 'so', 'dylib', 'app', 'apk', 'jar', 'class', 'swf', 'wasm', 'lnk',
]);

/** Sniffed formats that are refused whatever name they come under. */
export const BLOCKED_SNIFFED = new Set(['exe', 'elf', 'macho', 'swf', 'class', 'wasm', 'crx', 'xpi', 'lnk', 'apk', 'jar', 'msi', 'cab', 'deb', 'rpm', 'dmg']);

/** Extensions stored as text: file-type sees nothing in them, so they get checks of their own. */
export const TEXT_EXTENSIONS = new Set(['svg', 'txt', 'csv', 'md', 'json', 'log']);

/** Sniffed formats (file-type's ext) accepted behind an extension; an extension not listed must match exactly. */
const COMPATIBLE: Record<string, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png', 'apng'],
  mp4: ['mp4', 'm4v', 'f4v'],
  mov: ['mov', 'mp4'],
  '3gp': ['3gp', '3g2', 'mp4'],
  mkv: ['mkv', 'webm'],
  rmvb: ['rm'],
  rm: ['rm'],
  mp3: ['mp3', 'mp2', 'mp1'],
  ogg: ['ogg', 'oga', 'opus', 'ogx'],
  m4a: ['m4a', 'mp4', 'm4b'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  gz: ['gz', 'tar.gz'],
};

export const compatibleSniffs = (ext: string): readonly string[] => COMPATIBLE[ext] ?? [ext];

/** Extension the stored file keeps (one spelling per format). */
export const canonicalExtension = (ext: string) => (ext === 'jpeg' ? 'jpg' : ext);

/** Lower-case extension of a file name ('' when there is none). */
export function extensionOf(name: string): string {
  const base = path.posix.basename(name.replace(/\\/g, '/'));
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The kind whose allowed formats include ext: the declared one if any, else the first that lists it. */
export function kindFor(ext: string, settings: UploadSettings, declared?: number): AttachmentKind | null {
  if (declared !== undefined) {
    const kind = kindOfType(declared);
    return settings[kind].formats.includes(ext) ? kind : null;
  }
  return KINDS.find((k) => settings[k].formats.includes(ext)) ?? null;
}

/** Type of a network attachment, from its URL's extension (1, "other file", when unknown). */
export function typeOfUrl(url: string, settings: UploadSettings): number {
  let pathname = '';
  try {
    pathname = new URL(url).pathname;
  } catch {
    return ATTACHMENT_TYPE.file;
  }
  const kind = kindFor(extensionOf(decodeURIComponentSafe(pathname)), settings);
  return kind ? ATTACHMENT_TYPE[kind] : ATTACHMENT_TYPE.file;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A file name fit for display and the database: no directories, no control characters, not too long. */
export function displayName(name: string, fallback = 'file'): string {
  const base = path.posix.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return base || fallback;
}
