import { Editor, Path, Transforms, type NodeEntry } from 'slate';
import type { TableCellElement, TableElement, TableRowElement } from '../html/document';
import { insertBlocks } from './inserts';
import { isType } from './queries';

// Tables: insert with a size, add and remove rows and columns around the cursor's cell, delete.

const cell = (): TableCellElement => ({ type: 'table-cell', children: [{ text: '' }] });
const row = (cols: number): TableRowElement => ({ type: 'table-row', children: Array.from({ length: cols }, cell) });

export function insertTable(editor: Editor, rows: number, cols: number) {
  insertBlocks(editor, [{ type: 'table', children: Array.from({ length: rows }, () => row(cols)) }]);
}

interface CellPosition {
  table: NodeEntry<TableElement>;
  rowPath: Path;
  rowIndex: number;
  colIndex: number;
}

/** Where the cursor is in a table, if it is in one. */
export function cellPosition(editor: Editor): CellPosition | null {
  if (!editor.selection) return null;
  const cellEntry = Editor.above(editor, { match: isType('table-cell') });
  const table = Editor.above<TableElement>(editor, { match: isType('table') });
  if (!cellEntry || !table) return null;
  const cellPath = cellEntry[1];
  return { table, rowPath: Path.parent(cellPath), rowIndex: cellPath[cellPath.length - 2]!, colIndex: cellPath[cellPath.length - 1]! };
}

export function addRow(editor: Editor, where: 'above' | 'below') {
  const at = cellPosition(editor);
  if (!at) return;
  const width = (Editor.node(editor, at.rowPath)[0] as TableRowElement).children.length;
  Transforms.insertNodes(editor, row(width), { at: where === 'above' ? at.rowPath : Path.next(at.rowPath) });
}

export function addColumn(editor: Editor, where: 'left' | 'right') {
  const at = cellPosition(editor);
  if (!at) return;
  const [table, tablePath] = at.table;
  const index = where === 'left' ? at.colIndex : at.colIndex + 1;
  Editor.withoutNormalizing(editor, () => {
    table.children.forEach((r, i) => Transforms.insertNodes(editor, cell(), { at: [...tablePath, i, Math.min(index, r.children.length)] }));
  });
}

export function removeTable(editor: Editor) {
  const at = cellPosition(editor);
  if (at) Transforms.removeNodes(editor, { at: at.table[1] });
}

export function removeRow(editor: Editor) {
  const at = cellPosition(editor);
  if (!at) return;
  if (at.table[0].children.length <= 1) return removeTable(editor);
  Transforms.removeNodes(editor, { at: at.rowPath });
}

export function removeColumn(editor: Editor) {
  const at = cellPosition(editor);
  if (!at) return;
  const [table, tablePath] = at.table;
  if (table.children.every((r) => r.children.length <= 1)) return removeTable(editor);
  Editor.withoutNormalizing(editor, () => {
    // Bottom-up so the paths of the rows still to do stay valid; rows that would be left empty go.
    for (let i = table.children.length - 1; i >= 0; i--) {
      const cells = table.children[i]!.children.length;
      if (at.colIndex >= cells) continue;
      Transforms.removeNodes(editor, { at: cells <= 1 ? [...tablePath, i] : [...tablePath, i, at.colIndex] });
    }
  });
}
