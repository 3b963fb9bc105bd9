import { z } from 'zod';
import { ThemeFolder } from './themes';

// The online theme file editor (/Theme/files: every file; /Theme/tempFiles: templates only), issue 6.
// Installed themes are editable by super-admins; the shipped default theme is shown read-only.

export const THEME_EDIT_LIMITS = {
  /** Largest editable file (the public renderer reads templates up to the same size). */
  fileBytes: 512 * 1024,
  /** Saved versions kept per file; the oldest go first. */
  versions: 50,
  /** Files listed per theme. */
  listed: 2000,
  /** Characters of a path inside the theme. */
  pathChars: 300,
} as const;

/** Text files the editor opens and saves (images and fonts are listed but not editable). */
export const EDITABLE_EXTENSIONS = ['liquid', 'html', 'htm', 'css', 'js', 'json', 'txt', 'md', 'svg'] as const;

/** Which files a screen lists: 'all' (/Theme/files) or 'templates' (/Theme/tempFiles, templates/**\/*.liquid). */
export const THEME_FILE_KINDS = ['all', 'templates'] as const;
export type ThemeFileKind = (typeof THEME_FILE_KINDS)[number];

export const extensionOf = (filePath: string) => {
  const base = filePath.slice(filePath.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};
export const isEditablePath = (filePath: string) => (EDITABLE_EXTENSIONS as readonly string[]).includes(extensionOf(filePath));
export const isTemplatePath = (filePath: string) => filePath.startsWith('templates/') && extensionOf(filePath) === 'liquid';

/** A path inside a theme as the client sends it; the server checks it segment by segment. */
export const ThemeFilePath = z.string().min(1).max(THEME_EDIT_LIMITS.pathChars);
/** Version ids are the save time (UTC, to the millisecond) plus a counter for saves in the same millisecond. */
export const VERSION_ID = /^\d{8}T\d{9}Z(?:-\d{1,3})?$/;

export const ThemeFilesQuery = z.object({ folder: ThemeFolder });
export const ThemeFileQuery = z.object({ folder: ThemeFolder, path: ThemeFilePath });
export const ThemeFileUpdate = z.object({ folder: ThemeFolder, path: ThemeFilePath, content: z.string() });
export const ThemeVersionQuery = z.object({ folder: ThemeFolder, path: ThemeFilePath, version: z.string().regex(VERSION_ID) });

export const ThemeFileEntry = z.object({
  path: z.string(),
  size: z.number().int(),
  /** A text file of an allowed type within the size limit. */
  editable: z.boolean(),
});
export type ThemeFileEntry = z.infer<typeof ThemeFileEntry>;

export const ThemeFileList = z.object({
  folder: z.string(),
  /** The shipped default theme: files can be read, not saved. */
  readOnly: z.boolean(),
  files: z.array(ThemeFileEntry),
});
export type ThemeFileList = z.infer<typeof ThemeFileList>;

export const ThemeFileContent = z.object({
  folder: z.string(),
  path: z.string(),
  content: z.string(),
  readOnly: z.boolean(),
});
export type ThemeFileContent = z.infer<typeof ThemeFileContent>;

export const ThemeFileVersion = z.object({
  version: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type ThemeFileVersion = z.infer<typeof ThemeFileVersion>;

/** The save time of a version id, as an ISO string. */
export function versionTime(version: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(version);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z` : '';
}

/** The version id for a save at `date` (without the same-millisecond counter). */
export const versionStamp = (date: Date) => date.toISOString().replace(/[-:.]/g, '');
