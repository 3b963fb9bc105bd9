import type { RenderLeafProps } from 'slate-react';

/** Formatted text, tagged as it will be saved. */
export function Leaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children;
  if (leaf.code) content = <code>{content}</code>;
  if (leaf.highlight) content = <mark>{content}</mark>;
  if (leaf.superscript) content = <sup>{content}</sup>;
  if (leaf.subscript) content = <sub>{content}</sub>;
  if (leaf.strikethrough) content = <s>{content}</s>;
  if (leaf.underline) content = <u>{content}</u>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.bold) content = <strong>{content}</strong>;
  const style = {
    color: leaf.color,
    backgroundColor: leaf.background,
    fontSize: leaf.fontSize ? `${leaf.fontSize}px` : undefined,
  };
  return (
    <span {...attributes} style={style}>
      {content}
    </span>
  );
}
