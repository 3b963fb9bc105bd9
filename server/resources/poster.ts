import { desc, ilike } from 'drizzle-orm';
import { posters } from '../db/schema/index';
import { tableResource } from './table';
import { iso, likeText } from '../db/listing';
import { posterResource } from '../../models/resources/poster';
import type { Poster } from '../../models/poster';

// Posters of the current site (/poster/index): list, read, save, update, delete into the recycle bin. The layout
// and the rendering have their own calls (server/routes/posters.ts).

export type PosterRow = typeof posters.$inferSelect;

export const toPoster = (r: PosterRow): Poster => ({
  id: r.id,
  site_id: r.siteId,
  name: r.name,
  width: r.width,
  height: r.height,
  format: r.format as Poster['format'],
  quality: r.quality,
  background_type: r.backgroundType as Poster['background_type'],
  background_image: r.backgroundImage,
  background_color: r.backgroundColor,
  elements: r.elements,
  image_url: r.imageUrl,
  rendered_at: iso(r.renderedAt),
  created_at: iso(r.createdAt)!,
  updated_at: iso(r.updatedAt)!,
});

export const posterServerResource = tableResource({
  def: posterResource,
  table: posters,
  columns: { id: posters.id, siteId: posters.siteId, deletedAt: posters.deletedAt, deletedBy: posters.deletedBy },
  title: posters.name,
  toApi: toPoster,
  toValues: (b) => ({
    name: b.name,
    width: b.width,
    height: b.height,
    format: b.format,
    quality: b.quality,
    backgroundType: b.background_type,
    backgroundImage: b.background_image,
    backgroundColor: b.background_color,
  }),
  where: (q) => [q.name ? ilike(posters.name, likeText(q.name)) : undefined],
  orderBy: [desc(posters.id)],
});
