import { Editor, Element, Node, Point, Range, Text, Transforms, type NodeEntry } from 'slate';
import { deserialize } from '../html/deserialize';
import { FLAG_MARKS, LIST_TYPES, paragraph } from '../html/document';
import { currentTextBlock, inside, isTextBlock, isType } from './queries';

// The editor's behaviour on top of slate: which nodes are inline or void, what Enter and Backspace do
// in lists, headings, quotes, code and table cells, pasting HTML through the deserializer, and the
// shape rules (lists hold items, tables hold rows of cells, code holds plain text).

const isList = isType(...LIST_TYPES);
const MARK_KEYS = [...Object.keys(FLAG_MARKS), 'color', 'background', 'fontSize'];

function atBlockStart(editor: Editor): boolean {
  const { selection } = editor;
  const entry = currentTextBlock(editor);
  return Boolean(selection && entry && Range.isCollapsed(selection) && Point.equals(selection.anchor, Editor.start(editor, entry[1])));
}

function atBlockEnd(editor: Editor): boolean {
  const { selection } = editor;
  const entry = currentTextBlock(editor);
  return Boolean(selection && entry && Range.isCollapsed(selection) && Point.equals(selection.anchor, Editor.end(editor, entry[1])));
}

/** Turns the current block back into a plain paragraph (out of its list). */
function toParagraph(editor: Editor) {
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: isList, split: true });
    Transforms.unsetNodes(editor, 'level', { match: isTextBlock });
    Transforms.setNodes(editor, { type: 'paragraph' }, { match: (n) => isTextBlock(n) && n.type !== 'table-cell' });
  });
}

/** Runs one repair and says so: slate normalizes again after each change. */
function fixed(repair: () => void): true {
  repair();
  return true;
}

function normalizeElement(editor: Editor, [node, path]: NodeEntry<Element>): boolean {
  const children = Array.from(Node.children(editor, path));
  switch (node.type) {
    case 'bulleted-list':
    case 'numbered-list':
      if (!children.length) return fixed(() => Transforms.removeNodes(editor, { at: path }));
      for (const [child, childPath] of children) {
        if (Element.isElement(child) && child.type !== 'list-item') return fixed(() => Transforms.setNodes(editor, { type: 'list-item' }, { at: childPath }));
      }
      return false;
    case 'table':
      if (!children.length) return fixed(() => Transforms.removeNodes(editor, { at: path }));
      for (const [child, childPath] of children) {
        if (!Element.isElement(child) || child.type !== 'table-row') return fixed(() => Transforms.wrapNodes(editor, { type: 'table-row', children: [] }, { at: childPath }));
      }
      return false;
    case 'table-row':
      if (!children.length) return fixed(() => Transforms.removeNodes(editor, { at: path }));
      for (const [child, childPath] of children) {
        if (!Element.isElement(child) || child.type !== 'table-cell') return fixed(() => Transforms.wrapNodes(editor, { type: 'table-cell', children: [] }, { at: childPath }));
      }
      return false;
    case 'code-block':
      // Code is plain text: links give way to their text, images go, marks are cleared.
      for (const [child, childPath] of children) {
        if (Element.isElement(child)) return fixed(() => (child.type === 'link' ? Transforms.unwrapNodes(editor, { at: childPath }) : Transforms.removeNodes(editor, { at: childPath })));
        if (Text.isText(child) && MARK_KEYS.some((k) => k in child)) return fixed(() => Transforms.unsetNodes(editor, MARK_KEYS, { at: childPath }));
      }
      return false;
    default:
      return false;
  }
}

/** Items, rows and cells live only inside their containers. */
function normalizePlacement(editor: Editor, [node, path]: NodeEntry<Element>): boolean {
  const parent = path.length > 1 ? Node.parent(editor, path) : editor;
  const parentType = Element.isElement(parent) ? parent.type : 'editor';
  if (node.type === 'list-item' && !LIST_TYPES.includes(parentType as never)) return fixed(() => Transforms.setNodes(editor, { type: 'paragraph' }, { at: path }));
  if (node.type === 'table-cell' && parentType !== 'table-row') return fixed(() => Transforms.setNodes(editor, { type: 'paragraph' }, { at: path }));
  if (node.type === 'table-row' && parentType !== 'table') return fixed(() => Transforms.unwrapNodes(editor, { at: path }));
  return false;
}

export function withBanyan<T extends Editor>(editor: T): T {
  const { isInline, isVoid, normalizeNode, insertBreak, deleteBackward, deleteForward, insertData } = editor;

  editor.isInline = (el) => el.type === 'link' || el.type === 'image' || isInline(el);
  editor.isVoid = (el) => el.type === 'image' || el.type === 'hr' || isVoid(el);

  editor.insertBreak = () => {
    const entry = currentTextBlock(editor);
    const block = entry?.[0];
    if (block?.type === 'table-cell') return editor.insertText('\n');
    if (block?.type === 'code-block') {
      // Enter on an empty last line leaves the code block.
      const text = Node.string(block);
      if (atBlockEnd(editor) && text.endsWith('\n')) {
        Editor.deleteBackward(editor);
        return Transforms.insertNodes(editor, paragraph(), { at: [entry![1][0]! + 1], select: true });
      }
      return editor.insertText('\n');
    }
    if ((block?.type === 'list-item' || block?.type === 'quote') && Editor.isEmpty(editor, block)) return toParagraph(editor);
    insertBreak();
    // Enter at the end of a heading continues with body text.
    const next = currentTextBlock(editor);
    if (block?.type === 'heading' && next?.[0].type === 'heading' && Editor.isEmpty(editor, next[0])) {
      Transforms.unsetNodes(editor, 'level', { at: next[1] });
      Transforms.setNodes(editor, { type: 'paragraph' }, { at: next[1] });
    }
  };

  editor.deleteBackward = (unit) => {
    const block = currentTextBlock(editor)?.[0];
    if (block && atBlockStart(editor)) {
      if (block.type === 'table-cell') return;
      if (block.type !== 'paragraph') return toParagraph(editor);
    }
    deleteBackward(unit);
  };

  editor.deleteForward = (unit) => {
    if (inside(editor, 'table-cell') && atBlockEnd(editor)) return;
    deleteForward(unit);
  };

  editor.insertData = (data) => {
    const html = data.getData('text/html');
    if (html && !data.types.includes('application/x-slate-fragment') && !inside(editor, 'code-block', 'table-cell')) {
      Transforms.insertFragment(editor, deserialize(html));
      return;
    }
    insertData(data);
  };

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (Element.isElement(node) && (normalizePlacement(editor, [node, path]) || normalizeElement(editor, [node, path]))) return;
    if (path.length === 0) {
      // Something to type into after a final table, rule or code block.
      const last = editor.children[editor.children.length - 1];
      if (!last || (Element.isElement(last) && ['table', 'hr', 'code-block'].includes(last.type))) {
        Transforms.insertNodes(editor, paragraph(), { at: [editor.children.length] });
        return;
      }
    }
    normalizeNode(entry, options);
  };

  return editor;
}
