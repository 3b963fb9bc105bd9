// An advertisement's kinds, apart from models/ad.ts (zod and the ad schemas): the render workers' bundle imports
// them (server/public/view.ts) and stays free of zod.

export const AD_KIND_IMAGE = 1;
export const AD_KIND_CODE = 2;
