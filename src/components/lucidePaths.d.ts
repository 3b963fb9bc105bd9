/** Built by server/clientIcons.ts: lucide-react's icon <Name> as one SVG path's `d`. */
declare module 'virtual:lucide/*' {
  const d: string;
  export default d;
}
