/** A feature's zh and en strings; en must have exactly zh's keys (checked by the type and by a test). */
export interface FeatureCatalog {
  zh: object;
  en: object;
}

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export function defineMessages<const Z extends object>(zh: Z, en: Shape<Z>): FeatureCatalog {
  return { zh, en };
}
