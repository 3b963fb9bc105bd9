import type { ALIGNMENTS } from '../../../../models/html';

// The editor's document model, free of slate: the serializer, the deserializer and their tests work on
// plain objects, and types.ts hands these same shapes to slate as its custom types.

export type Align = (typeof ALIGNMENTS)[number];
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** On/off marks, each with the one tag it serializes to. */
export const FLAG_MARKS = {
  bold: 'strong',
  italic: 'em',
  underline: 'u',
  strikethrough: 's',
  subscript: 'sub',
  superscript: 'sup',
  highlight: 'mark',
  code: 'code',
} as const;
export type FlagMark = keyof typeof FLAG_MARKS;

export interface Marks {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  subscript?: boolean;
  superscript?: boolean;
  highlight?: boolean;
  code?: boolean;
  /** CSS colour (#rgb, #rrggbb, rgb(), rgba()). */
  color?: string;
  background?: string;
  /** px, one of FONT_SIZES. */
  fontSize?: number;
}

export interface FormattedText extends Marks {
  text: string;
}

export interface LinkElement {
  type: 'link';
  url: string;
  title?: string;
  newTab?: boolean;
  children: FormattedText[];
}

export interface ImageElement {
  type: 'image';
  url: string;
  alt?: string;
  title?: string;
  width?: string;
  height?: string;
  children: FormattedText[];
}

export type InlineElement = LinkElement | ImageElement;
export type InlineNode = FormattedText | InlineElement;

export interface ParagraphElement {
  type: 'paragraph';
  align?: Align;
  children: InlineNode[];
}
export interface HeadingElement {
  type: 'heading';
  level: HeadingLevel;
  align?: Align;
  children: InlineNode[];
}
export interface QuoteElement {
  type: 'quote';
  align?: Align;
  children: InlineNode[];
}
export interface CodeBlockElement {
  type: 'code-block';
  children: InlineNode[];
}
export interface ListItemElement {
  type: 'list-item';
  align?: Align;
  children: InlineNode[];
}
export interface ListElement {
  type: 'bulleted-list' | 'numbered-list';
  children: ListItemElement[];
}
export interface TableCellElement {
  type: 'table-cell';
  header?: boolean;
  colspan?: number;
  rowspan?: number;
  align?: Align;
  children: InlineNode[];
}
export interface TableRowElement {
  type: 'table-row';
  children: TableCellElement[];
}
export interface TableElement {
  type: 'table';
  children: TableRowElement[];
}
export interface HrElement {
  type: 'hr';
  children: FormattedText[];
}

/** Blocks whose children are text and inlines. */
export type TextBlock = ParagraphElement | HeadingElement | QuoteElement | CodeBlockElement | ListItemElement | TableCellElement;
export type TopBlock = ParagraphElement | HeadingElement | QuoteElement | CodeBlockElement | ListElement | TableElement | HrElement;
export type EditorElement = TopBlock | ListItemElement | TableRowElement | TableCellElement | InlineElement;
export type DocumentNode = EditorElement | FormattedText;

export const TEXT_BLOCK_TYPES = ['paragraph', 'heading', 'quote', 'code-block', 'list-item', 'table-cell'] as const;
export const LIST_TYPES = ['bulleted-list', 'numbered-list'] as const;
export type ListType = (typeof LIST_TYPES)[number];

export const isText = (n: unknown): n is FormattedText => typeof (n as FormattedText)?.text === 'string';
export const isElementOf = <T extends EditorElement['type']>(n: unknown, ...types: T[]): n is Extract<EditorElement, { type: T }> =>
  !isText(n) && types.includes((n as EditorElement)?.type as T);

export const emptyText = (): FormattedText => ({ text: '' });
export const paragraph = (children: InlineNode[] = [emptyText()], align?: Align): ParagraphElement =>
  align ? { type: 'paragraph', align, children } : { type: 'paragraph', children };

/** The plain text of a node (images count as nothing). */
export function plainText(node: DocumentNode): string {
  if (isText(node)) return node.text;
  return node.children.map((c) => plainText(c as DocumentNode)).join('');
}

/** Nothing a reader would see: no text but blanks, no image, rule or table. */
export function isDocumentEmpty(nodes: readonly DocumentNode[]): boolean {
  const visible = (n: DocumentNode): boolean => {
    if (isText(n)) return n.text.trim() !== '';
    if (n.type === 'image' || n.type === 'hr' || n.type === 'table') return true;
    return n.children.some((c) => visible(c as DocumentNode));
  };
  return !nodes.some(visible);
}
