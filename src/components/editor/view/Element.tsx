import type { CSSProperties } from 'react';
import { useFocused, useSelected, type RenderElementProps } from 'slate-react';
import type { Align } from '../html/document';

// How each block and inline looks while editing (the same tags the serializer writes).

// Chromium puts the cursor inside a link's edge otherwise (slate's inlines example).
const InlineChromiumBugfix = () => (
  <span contentEditable={false} style={{ fontSize: 0 }}>
    {String.fromCodePoint(160)}
  </span>
);

const alignStyle = (align: Align | undefined): CSSProperties | undefined => (align ? { textAlign: align } : undefined);

function Image({ attributes, children, element }: RenderElementProps) {
  const selected = useSelected();
  const focused = useFocused();
  if (element.type !== 'image') return null;
  return (
    <span {...attributes}>
      <span contentEditable={false} style={{ display: 'inline-block' }}>
        <img src={element.url} alt={element.alt ?? ''} title={element.title} width={element.width} height={element.height} style={{ outline: selected && focused ? '2px solid #3182ce' : undefined }} />
      </span>
      {children}
    </span>
  );
}

export function ElementView(props: RenderElementProps) {
  const { attributes, children, element } = props;
  switch (element.type) {
    case 'heading': {
      const Tag = `h${Math.min(6, Math.max(1, element.level))}` as 'h1';
      return (
        <Tag {...attributes} style={alignStyle(element.align)}>
          {children}
        </Tag>
      );
    }
    case 'quote':
      return (
        <blockquote {...attributes} style={alignStyle(element.align)}>
          {children}
        </blockquote>
      );
    case 'code-block':
      return (
        <pre {...attributes}>
          <code>{children}</code>
        </pre>
      );
    case 'bulleted-list':
      return <ul {...attributes}>{children}</ul>;
    case 'numbered-list':
      return <ol {...attributes}>{children}</ol>;
    case 'list-item':
      return (
        <li {...attributes} style={alignStyle(element.align)}>
          {children}
        </li>
      );
    case 'table':
      return (
        <table {...attributes}>
          <tbody>{children}</tbody>
        </table>
      );
    case 'table-row':
      return <tr {...attributes}>{children}</tr>;
    case 'table-cell': {
      const Tag = element.header ? 'th' : 'td';
      return (
        <Tag {...attributes} colSpan={element.colspan} rowSpan={element.rowspan} style={alignStyle(element.align)}>
          {children}
        </Tag>
      );
    }
    case 'hr':
      return (
        <div {...attributes}>
          <div contentEditable={false}>
            <hr />
          </div>
          {children}
        </div>
      );
    case 'link':
      return (
        <a {...attributes} href={element.url} title={element.title} onClick={(e) => e.preventDefault()}>
          <InlineChromiumBugfix />
          {children}
          <InlineChromiumBugfix />
        </a>
      );
    case 'image':
      return <Image {...props} />;
    default:
      return (
        <p {...attributes} style={alignStyle(element.align)}>
          {children}
        </p>
      );
  }
}
