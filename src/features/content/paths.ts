// Where the content pages live: the general ones (/Content/index, /addContent, /updateContent) and the
// per-column custom-content ones built from the dynamic menu (spec §2).

export interface ContentPaths {
  list: string;
  add: (categoryId: number | undefined) => string;
  edit: (id: number, categoryId: number) => string;
}

export const generalPaths: ContentPaths = {
  list: '/Content/index',
  add: (categoryId) => (categoryId ? `/addContent?category_id=${categoryId}` : '/addContent'),
  edit: (id) => `/updateContent?id=${id}`,
};

export const customPaths = (categoryId: number): ContentPaths => ({
  list: `/customContent/${categoryId}`,
  add: () => `/addCustomContent/${categoryId}`,
  edit: (id) => `/updateCustomContent/${categoryId}?id=${id}`,
});

/** The number at the end of a path like /customContent/12. */
export function idAtEnd(path: string): number | undefined {
  const m = /\/(\d+)$/.exec(path);
  return m ? Number(m[1]) : undefined;
}
