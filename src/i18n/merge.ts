// Deep-merging of catalog trees, shared by the full catalogs (tests) and the runtime's lazy feature strings.

export type Tree = { [key: string]: string | Tree };

/** Deep-merges catalogs; a key defined twice is a mistake and throws. */
export function mergeCatalogs(...parts: Tree[]): Tree {
  const out: Tree = {};
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      const existing = out[k];
      if (existing === undefined) out[k] = typeof v === 'string' ? v : mergeCatalogs(v);
      else if (typeof existing !== 'string' && typeof v !== 'string') out[k] = mergeCatalogs(existing, v);
      else throw new Error(`i18n key defined twice: ${k}`);
    }
  }
  return out;
}
