// Visits public pages record (issue 6): one row per page view, with the visitor's province and kind of device.

export const VISIT_DEVICES = ['pc', 'mobile', 'tablet'] as const;
export type VisitDevice = (typeof VISIT_DEVICES)[number];

export interface VisitInput {
  siteId: number;
  path: string;
  ip: string;
  userAgent: string;
}

/** Batching of visit writes: a batch is written when it holds this many rows, or this long after its first row. */
export const VISIT_FLUSH_ROWS = 200;
export const VISIT_FLUSH_MS = 2_000;
