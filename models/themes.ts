import { z } from 'zod';

// Themes (/Theme/index) and the template library (/TempleteLibrary/index), issue 6.

/** Folder names of installed themes (the same rule as server/public/themes.ts THEME_FOLDER). */
export const ThemeFolder = z.string().trim().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/);
/** The shipped theme's folder name in lists; it cannot be deleted. */
export const SHIPPED_THEME_FOLDER = 'default';
/** File names of library packages. */
export const PackageName = z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.zip$/);

export const THEME_PACKAGE_LIMITS = {
  entries: 500,
  fileBytes: 5 * 1024 * 1024,
  totalBytes: 30 * 1024 * 1024,
  /** The upload itself (compressed). */
  uploadBytes: 30 * 1024 * 1024,
} as const;
export const THEME_FILE_EXTENSIONS = [
  'liquid', 'html', 'css', 'js', 'json', 'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'ico', 'woff', 'woff2', 'ttf', 'txt', 'md',
] as const;

export const ThemeInfo = z.object({
  folder: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.string(),
  language: z.enum(['zh', 'en', 'multi']),
  active: z.boolean(),
  /** The shipped default theme (read-only, not deletable). */
  shipped: z.boolean(),
});
export type ThemeInfo = z.infer<typeof ThemeInfo>;

export const ThemeFolderBody = z.object({ folder: ThemeFolder });

export const LibraryPackage = z.object({
  package: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.string(),
  language: z.enum(['zh', 'en', 'multi']),
  /** 'shipped': in the repository's themes/library; 'uploaded': in the data folder. */
  source: z.enum(['shipped', 'uploaded']),
  size: z.number().int(),
  /** A data: URL of the package's preview image, when it has one. */
  preview: z.string().nullable(),
});
export type LibraryPackage = z.infer<typeof LibraryPackage>;

export const InstallBody = z.object({ package: PackageName, folder: ThemeFolder.optional() });
