/** One domain's server messages; en must have exactly zh's keys. */
export function defineServerMessages<const Z extends Record<string, string>>(zh: Z, en: { [K in keyof Z]: string }) {
  return { zh, en } as { zh: Z; en: { [K in keyof Z]: string } };
}
