import { EDITOR_TAB_SIZE } from '../../../models/constants';

// How rich-text content looks inside the editor and in the word-check panel (the admin's CSS reset
// strips headings, lists and tables of their default look).
export const CONTENT_CSS = {
  lineHeight: '1.7',
  wordBreak: 'break-word',
  '& p': { margin: '0.4em 0' },
  '& h1': { fontSize: '2em', fontWeight: 'bold', margin: '0.6em 0 0.4em' },
  '& h2': { fontSize: '1.6em', fontWeight: 'bold', margin: '0.6em 0 0.4em' },
  '& h3': { fontSize: '1.3em', fontWeight: 'bold', margin: '0.5em 0 0.3em' },
  '& h4, & h5, & h6': { fontSize: '1.1em', fontWeight: 'bold', margin: '0.5em 0 0.3em' },
  '& blockquote': { borderLeftWidth: '4px', borderColor: 'border.emphasized', paddingLeft: '12px', color: 'fg.muted', margin: '0.5em 0' },
  '& pre': { bg: 'bg.muted', padding: '8px 12px', borderRadius: 'sm', fontFamily: 'mono', whiteSpace: 'pre-wrap', tabSize: EDITOR_TAB_SIZE, margin: '0.5em 0' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em' },
  '& :not(pre) > code': { bg: 'bg.muted', paddingInline: '3px', borderRadius: 'xs' },
  '& ul': { listStyleType: 'disc', paddingLeft: '1.6em', margin: '0.4em 0' },
  '& ol': { listStyleType: 'decimal', paddingLeft: '1.6em', margin: '0.4em 0' },
  '& table': { borderCollapse: 'collapse', width: '100%', margin: '0.5em 0', tableLayout: 'fixed' },
  '& td, & th': { borderWidth: '1px', borderColor: 'border.emphasized', padding: '4px 8px', verticalAlign: 'top', minWidth: '3em' },
  '& th': { bg: 'bg.muted', fontWeight: 'semibold' },
  '& a': { color: 'fg.info', textDecoration: 'underline' },
  '& img': { maxWidth: '100%', display: 'inline-block', verticalAlign: 'bottom' },
  '& mark': { bg: 'yellow.muted', color: 'inherit' },
} as const;
