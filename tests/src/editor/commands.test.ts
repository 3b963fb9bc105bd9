// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createEditor, Editor, Transforms, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { deserialize } from '../../../src/components/editor/html/deserialize';
import { serialize } from '../../../src/components/editor/html/serialize';
import { setAlign, setBlockKind, toggleBlockKind, toggleList } from '../../../src/components/editor/slate/blocks';
import { insertImages, insertRule } from '../../../src/components/editor/slate/inserts';
import { applyLink, linkDraft, removeLink } from '../../../src/components/editor/slate/links';
import { hotkeyMark, setMarkValue, toggleMark } from '../../../src/components/editor/slate/marks';
import { withBanyan } from '../../../src/components/editor/slate/plugin';
import { addColumn, addRow, insertTable, removeColumn, removeRow, removeTable } from '../../../src/components/editor/slate/tables';
import type { BanyanEditor } from '../../../src/components/editor/types';

// The toolbar's commands on a real slate editor (no browser): what each does to the saved HTML.

function editorWith(html: string): BanyanEditor {
  const editor = withBanyan(withHistory(createEditor())) as unknown as BanyanEditor;
  editor.children = deserialize(html) as Descendant[];
  Editor.normalize(editor, { force: true });
  return editor;
}

const html = (editor: Editor) => serialize(editor.children);
/** Selects `text` inside the n-th top-level block. */
function selectText(editor: Editor, block: number, text: string) {
  const string = Editor.string(editor, [block]);
  const start = string.indexOf(text);
  const points = [start, start + text.length].map((offset) => {
    for (const [node, path] of Editor.nodes(editor, { at: [block], match: (n) => typeof (n as { text?: string }).text === 'string' })) {
      const len = (node as { text: string }).text.length;
      if (offset <= len) return { path, offset };
      offset -= len;
    }
    throw new Error('no such text');
  });
  Transforms.select(editor, { anchor: points[0]!, focus: points[1]! });
}

describe('marks from the toolbar and the keyboard', () => {
  it('bold toggles on and off; colour and size are set and cleared', () => {
    const editor = editorWith('<p>Banyan roots</p>');
    selectText(editor, 0, 'roots');
    toggleMark(editor, 'bold');
    setMarkValue(editor, 'color', '#1677ff');
    setMarkValue(editor, 'fontSize', 24);
    expect(html(editor)).toBe('<p>Banyan <span style="color: #1677ff; font-size: 24px"><strong>roots</strong></span></p>');
    toggleMark(editor, 'bold');
    setMarkValue(editor, 'color', undefined);
    expect(html(editor)).toBe('<p>Banyan <span style="font-size: 24px">roots</span></p>');
  });

  it('Ctrl/⌘ + B, I, U and Shift+X are the mark shortcuts', () => {
    const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => hotkeyMark({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(key('b', { ctrlKey: true })).toBe('bold');
    expect(key('I', { metaKey: true })).toBe('italic');
    expect(key('u', { ctrlKey: true })).toBe('underline');
    expect(key('x', { ctrlKey: true, shiftKey: true })).toBe('strikethrough');
    expect(key('b')).toBeUndefined();
    expect(key('b', { ctrlKey: true, altKey: true })).toBeUndefined();
  });

  it('marks cannot be put on code', () => {
    const editor = editorWith('<pre><code>x = 1</code></pre>');
    Transforms.select(editor, Editor.range(editor, [0]));
    toggleMark(editor, 'bold');
    expect(html(editor)).toBe('<pre><code>x = 1</code></pre>');
  });
});

describe('blocks, lists and alignment', () => {
  it('a paragraph becomes a heading, a quote, code, and back', () => {
    const editor = editorWith('<p>Title</p>');
    Transforms.select(editor, Editor.start(editor, [0]));
    setBlockKind(editor, 'h2');
    expect(html(editor)).toBe('<h2>Title</h2>');
    toggleBlockKind(editor, 'quote');
    expect(html(editor)).toBe('<blockquote>Title</blockquote>');
    toggleBlockKind(editor, 'quote');
    expect(html(editor)).toBe('<p>Title</p>');
    toggleBlockKind(editor, 'code-block');
    expect(html(editor)).toBe('<pre><code>Title</code></pre>');
  });

  it('paragraphs become a numbered list, switch to bullets, and come out again', () => {
    const editor = editorWith('<p>one</p><p>two</p>');
    Transforms.select(editor, { anchor: Editor.start(editor, [0]), focus: Editor.end(editor, [1]) });
    toggleList(editor, 'numbered-list');
    expect(html(editor)).toBe('<ol><li>one</li><li>two</li></ol>');
    toggleList(editor, 'bulleted-list');
    expect(html(editor)).toBe('<ul><li>one</li><li>two</li></ul>');
    toggleList(editor, 'bulleted-list');
    expect(html(editor)).toBe('<p>one</p>\n<p>two</p>');
  });

  it('alignment applies to the selected blocks; left is the default and removes it', () => {
    const editor = editorWith('<p>a</p><h3>b</h3>');
    Transforms.select(editor, { anchor: Editor.start(editor, [0]), focus: Editor.end(editor, [1]) });
    setAlign(editor, 'center');
    expect(html(editor)).toBe('<p style="text-align: center">a</p>\n<h3 style="text-align: center">b</h3>');
    setAlign(editor, 'left');
    expect(html(editor)).toBe('<p>a</p>\n<h3>b</h3>');
  });

  it('Enter on an empty list item leaves the list; Enter after a heading continues as text', () => {
    const list = editorWith('<ul><li>a</li><li></li></ul>');
    Transforms.select(list, Editor.end(list, [0, 1]));
    list.insertBreak();
    expect(html(list)).toBe('<ul><li>a</li></ul>');
    expect(list.children[1]).toMatchObject({ type: 'paragraph' });
    const heading = editorWith('<h1>Title</h1>');
    Transforms.select(heading, Editor.end(heading, [0]));
    heading.insertBreak();
    heading.insertText('body');
    expect(html(heading)).toBe('<h1>Title</h1>\n<p>body</p>');
  });

  it('Enter in code adds a line; Enter on an empty last line leaves the block', () => {
    const editor = editorWith('<pre><code>a</code></pre>');
    Transforms.select(editor, Editor.end(editor, [0]));
    editor.insertBreak();
    editor.insertText('b');
    editor.insertBreak();
    editor.insertBreak();
    editor.insertText('after');
    expect(html(editor)).toBe('<pre><code>a\nb</code></pre>\n<p>after</p>');
  });
});

describe('links and images', () => {
  it('a selection becomes a link, which can be edited and removed', () => {
    const editor = editorWith('<p>Read more here</p>');
    selectText(editor, 0, 'more');
    expect(linkDraft(editor)).toEqual({ url: '', text: 'more', newTab: false, editing: false });
    applyLink(editor, { url: '/more', text: 'more', newTab: false });
    expect(html(editor)).toBe('<p>Read <a href="/more">more</a> here</p>');
    selectText(editor, 0, 'or');
    expect(linkDraft(editor)).toMatchObject({ url: '/more', text: 'more', editing: true });
    applyLink(editor, { url: 'https://banyan.test', text: 'more', newTab: true });
    expect(html(editor)).toBe('<p>Read <a href="https://banyan.test" target="_blank" rel="noopener noreferrer">more</a> here</p>');
    removeLink(editor);
    expect(html(editor)).toBe('<p>Read more here</p>');
  });

  it('with nothing selected a link is inserted with its text', () => {
    const editor = editorWith('<p>See</p>');
    Transforms.select(editor, Editor.end(editor, [0]));
    editor.insertText(' ');
    applyLink(editor, { url: 'mailto:a@banyan.test', text: 'mail us', newTab: false });
    expect(html(editor)).toBe('<p>See <a href="mailto:a@banyan.test">mail us</a></p>');
  });

  it('several images go in at the cursor, and typing continues after them', () => {
    const editor = editorWith('<p>Photos:</p>');
    Transforms.select(editor, Editor.end(editor, [0]));
    editor.insertText(' ');
    insertImages(editor, [
      { url: '/uploads/a.png', alt: 'a' },
      { url: '/uploads/b.png', alt: '' },
    ]);
    editor.insertText('!');
    expect(html(editor)).toBe('<p>Photos: <img src="/uploads/a.png" alt="a"><img src="/uploads/b.png">!</p>');
  });

  it('a rule goes after the current block, with the cursor below it', () => {
    const editor = editorWith('<p>above</p>');
    Transforms.select(editor, Editor.end(editor, [0]));
    insertRule(editor);
    editor.insertText('below');
    expect(html(editor)).toBe('<p>above</p>\n<hr>\n<p>below</p>');
  });
});

describe('tables', () => {
  const cells = (editor: Editor) => (editor.children[0] as { children: Array<{ children: unknown[] }> }).children.map((r) => r.children.length);

  it('a table is inserted in place of an empty paragraph, with the cursor in its first cell', () => {
    const editor = editorWith('');
    Transforms.select(editor, Editor.start(editor, []));
    insertTable(editor, 2, 3);
    editor.insertText('A1');
    expect(html(editor)).toBe('<table><tbody><tr><td>A1</td><td></td><td></td></tr><tr><td></td><td></td><td></td></tr></tbody></table>');
    // Something to type into after it.
    expect(editor.children[1]).toMatchObject({ type: 'paragraph' });
  });

  it('rows and columns are added around the cursor and removed, and the last one removes the table', () => {
    const editor = editorWith('<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>');
    Transforms.select(editor, Editor.start(editor, [0, 0, 1]));
    addRow(editor, 'above');
    addColumn(editor, 'right');
    expect(cells(editor)).toEqual([3, 3, 3]);
    expect(html(editor)).toBe('<table><tbody><tr><td></td><td></td><td></td></tr><tr><td>a</td><td>b</td><td></td></tr><tr><td>c</td><td>d</td><td></td></tr></tbody></table>');
    Transforms.select(editor, Editor.start(editor, [0, 1, 0]));
    removeColumn(editor);
    removeRow(editor);
    expect(html(editor)).toBe('<table><tbody><tr><td></td><td></td></tr><tr><td>d</td><td></td></tr></tbody></table>');
    removeTable(editor);
    expect(html(editor)).toBe('');
  });

  it('Enter in a cell is a line break and Backspace at a cell start never merges cells', () => {
    const editor = editorWith('<table><tr><td>a</td><td>b</td></tr></table>');
    Transforms.select(editor, Editor.start(editor, [0, 0, 1]));
    editor.deleteBackward('character');
    Transforms.select(editor, Editor.end(editor, [0, 0, 0]));
    editor.insertBreak();
    editor.insertText('2');
    expect(html(editor)).toBe('<table><tbody><tr><td>a<br>2</td><td>b</td></tr></tbody></table>');
  });
});

describe('undo and redo', () => {
  it('undo takes a change back and redo repeats it', () => {
    const editor = editorWith('<p>a</p>');
    Transforms.select(editor, Editor.end(editor, [0]));
    toggleList(editor, 'bulleted-list');
    expect(html(editor)).toBe('<ul><li>a</li></ul>');
    editor.undo();
    expect(html(editor)).toBe('<p>a</p>');
    editor.redo();
    expect(html(editor)).toBe('<ul><li>a</li></ul>');
  });
});
