import { asc, desc, eq, ilike } from 'drizzle-orm';
import { ads } from '../db/schema/index';
import { forbidden } from '../http/errors';
import { iso, likeText } from '../db/listing';
import { tableResource } from './table';
import { regeneratingSitesOnChange } from '../operations/staticGen/siteWideRows';
import { adResource } from '../../models/resources/marketing';
import { AD_KIND_CODE, AD_KIND_IMAGE, adIsLive, localDate, type Ad } from '../../models/ad';

// Advertisements (/Advertisement/index). Dates are whole days in the server's time zone: the start date
// is stored as its first moment, the end date as its last, so "live" is start ≤ now ≤ end.

type AdRow = typeof ads.$inferSelect;

const startOfDay = (date: string) => new Date(`${date}T00:00:00`);
const endOfDay = (date: string) => new Date(`${date}T23:59:59.999`);

function toAd(r: AdRow, now = new Date()): Ad {
  const ad: Omit<Ad, 'live'> = {
    id: r.id,
    site_id: r.siteId,
    position: r.position,
    title: r.title,
    kind: r.kind as Ad['kind'],
    image: r.image,
    code: r.code,
    link: r.link,
    start_date: r.startAt ? localDate(r.startAt) : '',
    end_date: r.endAt ? localDate(r.endAt) : '',
    status: r.status as 1 | 2,
    sort: r.sort,
    created_at: iso(r.createdAt)!,
  };
  return { ...ad, live: adIsLive(ad, now) };
}

const adTable = tableResource({
  def: adResource,
  table: ads,
  columns: { id: ads.id, siteId: ads.siteId, deletedAt: ads.deletedAt, deletedBy: ads.deletedBy },
  title: ads.title,
  toApi: (r: AdRow) => toAd(r),
  toValues: (b) => {
    const code = b.kind === AD_KIND_CODE;
    return {
      position: b.position,
      title: b.title,
      kind: b.kind,
      // Only what the kind shows is kept: an image ad has no code, a code ad no image.
      image: code ? '' : b.image,
      link: code ? '' : b.link,
      code: code ? b.code : '',
      startAt: b.start_date ? startOfDay(b.start_date as string) : null,
      endAt: b.end_date ? endOfDay(b.end_date as string) : null,
      status: b.status,
      sort: b.sort,
    };
  },
  where: (q) => [
    q.position ? ilike(ads.position, likeText(q.position)) : undefined,
    q.title ? ilike(ads.title, likeText(q.title)) : undefined,
    q.status !== undefined ? eq(ads.status, q.status) : undefined,
  ],
  orderBy: [asc(ads.position), asc(ads.sort), desc(ads.id)],
  // A code ad runs raw HTML/JS on the public site: only super-admins write one or change one.
  async check({ auth, current }, body) {
    if (auth.isSuper) return;
    if (body.kind === AD_KIND_CODE || (current && current.kind !== AD_KIND_IMAGE)) throw forbidden('ad.codeSuperOnly');
  },
});

/** The table resource; after each change the ads' sites regenerate their static output (pages show ads). */
export const adServerResource: typeof adTable = regeneratingSitesOnChange(adTable, ads, 'ad');
