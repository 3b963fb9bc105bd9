/** Built by server/clientPinyin.ts: each Chinese menu title → [whole pinyin, initials]. */
declare module 'virtual:menu-pinyin' {
  const table: Record<string, [string, string]>;
  export default table;
}
