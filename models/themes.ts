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
  /** Active for PC visitors (and for everyone while PC/mobile sharing is on). */
  active: z.boolean(),
  /** What mobile visitors get while PC/mobile sharing is off (a separate mobile theme, or the PC one); else false. */
  mobile_active: z.boolean(),
  /** The shipped default theme (read-only, not deletable). */
  shipped: z.boolean(),
});
export type ThemeInfo = z.infer<typeof ThemeInfo>;

export const ThemeFolderBody = z.object({ folder: ThemeFolder });

export const THEME_DEVICES = ['pc', 'mobile'] as const;
export type ThemeDevice = (typeof THEME_DEVICES)[number];
/** POST /theme/activate: `mobile` (allowed while PC/mobile sharing is off) sets the theme mobile visitors get. */
export const ThemeActivateBody = z.object({ folder: ThemeFolder, device: z.enum(THEME_DEVICES).default('pc') });

/** GET /theme/sharing: how the site's settings decide which themes its pages use (the themes screen's notices). */
export interface ThemeSharing {
  /** Template sharing is on and the site has a parent: its pages use the parent's themes, not these. */
  uses_parent: boolean;
  parent: { id: number; name: string } | null;
  /** PC/mobile sharing off: a separate mobile theme may be activated. */
  separate_mobile: boolean;
}

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
