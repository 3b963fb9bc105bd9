import { defineResource, type Option } from '../resource';
import { POSTER_BACKGROUNDS, POSTER_FORMATS, Poster, PosterCreate, PosterListQuery, PosterUpdate } from '../poster';

// Posters (/poster/index): the materials' list and form; the layout editor and rendering are the screen's own
// (src/features/posters, POST /poster/layout and /poster/render).

export const posterFormatOptions: readonly Option[] = POSTER_FORMATS.map((f) => ({ value: f, label: `resources.poster.options.format.${f}` }));
export const posterBackgroundOptions: readonly Option[] = POSTER_BACKGROUNDS.map((b) => ({ value: b, label: `resources.poster.options.background_type.${b}` }));

export const posterResource = defineResource({
  name: 'poster',
  menu: 'poster',
  siteScoped: true,
  softDelete: true,
  schema: Poster,
  create: PosterCreate,
  update: PosterUpdate,
  listQuery: PosterListQuery,
  actions: ['create', 'update', 'delete'],
  titleField: 'name',
  list: {
    columns: [
      { name: 'id', width: 70, wide: true },
      { name: 'image_url', width: 90 },
      { name: 'name' },
      { name: 'size', width: 120 },
      { name: 'format', kind: 'enum', options: posterFormatOptions, width: 80 },
      { name: 'quality', width: 80, wide: true },
      { name: 'updated_at', kind: 'datetime', wide: true },
    ],
    filters: [{ name: 'name', kind: 'text' }],
  },
  form: {
    fields: [
      { name: 'name', kind: 'text', required: true, span: 24 },
      { name: 'width', kind: 'number', required: true, hint: 'resources.poster.sizeHint' },
      { name: 'height', kind: 'number', required: true, hint: 'resources.poster.sizeHint' },
      { name: 'format', kind: 'select', required: true, options: { kind: 'static', options: posterFormatOptions } },
      { name: 'quality', kind: 'number', required: true, hint: 'resources.poster.qualityHint' },
      { name: 'background_type', kind: 'select', required: true, options: { kind: 'static', options: posterBackgroundOptions } },
      { name: 'background_color', kind: 'text', hint: 'resources.poster.colorHint' },
      { name: 'background_image', kind: 'image', span: 24, hint: 'resources.poster.materialHint' },
    ],
  },
});
