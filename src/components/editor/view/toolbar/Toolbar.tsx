import { Box, Flex, NativeSelect } from '@chakra-ui/react';
import {
  AlignCenter, AlignJustify, AlignLeft, AlignRight, Bold, FileCode, Image, Italic, Link, List, ListOrdered, Minus, Quote, Redo2, SquareCode,
  Strikethrough, Table, Underline, Undo2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { ReactEditor, useSlate } from 'slate-react';
import { FONT_SIZES } from '../../../../../models/html';
import { useT } from '../../../../i18n';
import type { Align, FlagMark, ListType } from '../../html/document';
import { BLOCK_KINDS, currentAlign, currentBlockKind, isListActive, setAlign, setBlockKind, toggleBlockKind, toggleList, type BlockKind } from '../../slate/blocks';
import { insertRule } from '../../slate/inserts';
import { isMarkActive, markValue, setMarkValue, toggleMark } from '../../slate/marks';
import { inside } from '../../slate/queries';
import { addColumn, addRow, removeColumn, removeRow, removeTable } from '../../slate/tables';
import { ColorPicker } from './ColorPicker';
import { TableMenu, type TableCommand } from './TableMenu';
import { ToolButton } from './ToolButton';

export interface ToolbarProps {
  /** Source view or a server action running: only the source toggle (in source view) stays. */
  sourceActive: boolean;
  locked: boolean;
  onSource: () => void;
  onLink: () => void;
  onImage: () => void;
  onTable: () => void;
  /** The server-action buttons, rendered after the formatting tools. */
  actions?: ReactNode;
}

const Divider = () => <Box w="1px" h="5" bg="border" mx="0.5" flexShrink={0} />;

const MARKS: Array<[FlagMark, typeof Bold]> = [['bold', Bold], ['italic', Italic], ['underline', Underline], ['strikethrough', Strikethrough]];
const LISTS: Array<[ListType, typeof List, string]> = [['bulleted-list', List, 'bulletedList'], ['numbered-list', ListOrdered, 'numberedList']];
const ALIGNS: Array<[Align, typeof AlignLeft, string]> = [['left', AlignLeft, 'alignLeft'], ['center', AlignCenter, 'alignCenter'], ['right', AlignRight, 'alignRight'], ['justify', AlignJustify, 'alignJustify']];

const TABLE_COMMANDS: Record<TableCommand, (e: ReturnType<typeof useSlate>) => void> = {
  rowAbove: (e) => addRow(e, 'above'),
  rowBelow: (e) => addRow(e, 'below'),
  colLeft: (e) => addColumn(e, 'left'),
  colRight: (e) => addColumn(e, 'right'),
  removeRow,
  removeCol: removeColumn,
  removeTable,
};

export function Toolbar({ sourceActive, locked, onSource, onLink, onImage, onTable, actions }: ToolbarProps) {
  const { t } = useT();
  const editor = useSlate();
  const off = sourceActive || locked;
  const inCode = inside(editor, 'code-block');
  const inTable = inside(editor, 'table');
  const kind = currentBlockKind(editor);
  const align = currentAlign(editor);
  const run = (command: () => void) => () => {
    command();
    ReactEditor.focus(editor);
  };

  return (
    <Flex role="toolbar" aria-label={t('editor.toolbar')} wrap="wrap" align="center" gap="0.5" px="1.5" py="1" borderBottomWidth="1px" bg="bg.subtle" data-testid="editor-toolbar">
      <ToolButton label={t('editor.undo')} testId="editor-undo" disabled={off || editor.history.undos.length === 0} onClick={run(() => editor.undo())}>
        <Undo2 />
      </ToolButton>
      <ToolButton label={t('editor.redo')} testId="editor-redo" disabled={off || editor.history.redos.length === 0} onClick={run(() => editor.redo())}>
        <Redo2 />
      </ToolButton>
      <Divider />
      <NativeSelect.Root size="xs" width="92px" disabled={off || kind === null}>
        <NativeSelect.Field
          aria-label={t('editor.block.label')}
          title={t('editor.block.label')}
          data-testid="editor-block"
          value={kind !== null && (BLOCK_KINDS as readonly string[]).includes(kind) ? kind : ''}
          onChange={(e) => run(() => setBlockKind(editor, e.currentTarget.value as BlockKind))()}
        >
          {kind !== null && !(BLOCK_KINDS as readonly string[]).includes(kind) && <option value="">—</option>}
          {BLOCK_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`editor.block.${k}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root size="xs" width="84px" disabled={off || inCode}>
        <NativeSelect.Field
          aria-label={t('editor.fontSize')}
          title={t('editor.fontSize')}
          data-testid="editor-font-size"
          value={String(markValue(editor, 'fontSize') ?? '')}
          onChange={(e) => run(() => setMarkValue(editor, 'fontSize', e.currentTarget.value ? Number(e.currentTarget.value) : undefined))()}
        >
          <option value="">{t('editor.fontSizeDefault')}</option>
          {FONT_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}px
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Divider />
      {MARKS.map(([mark, Icon]) => (
        <ToolButton key={mark} label={t(`editor.${mark}`)} testId={`editor-${mark}`} active={isMarkActive(editor, mark)} disabled={off || inCode} onClick={run(() => toggleMark(editor, mark))}>
          <Icon />
        </ToolButton>
      ))}
      <ColorPicker value={markValue(editor, 'color')} disabled={off || inCode} onPick={(color) => run(() => setMarkValue(editor, 'color', color))()} />
      <Divider />
      {LISTS.map(([type, Icon, key]) => (
        <ToolButton key={type} label={t(`editor.${key}`)} testId={`editor-${type}`} active={isListActive(editor, type)} disabled={off || inTable} onClick={run(() => toggleList(editor, type))}>
          <Icon />
        </ToolButton>
      ))}
      <ToolButton label={t('editor.quote')} testId="editor-quote" active={kind === 'quote'} disabled={off || inTable} onClick={run(() => toggleBlockKind(editor, 'quote'))}>
        <Quote />
      </ToolButton>
      <ToolButton label={t('editor.codeBlock')} testId="editor-code-block" active={kind === 'code-block'} disabled={off || inTable} onClick={run(() => toggleBlockKind(editor, 'code-block'))}>
        <SquareCode />
      </ToolButton>
      <Divider />
      {ALIGNS.map(([value, Icon, key]) => (
        <ToolButton key={value} label={t(`editor.${key}`)} testId={`editor-align-${value}`} active={!inCode && align === value} disabled={off || inCode} onClick={run(() => setAlign(editor, value))}>
          <Icon />
        </ToolButton>
      ))}
      <Divider />
      <ToolButton label={t('editor.link')} testId="editor-link" disabled={off || inCode} onClick={onLink}>
        <Link />
      </ToolButton>
      <ToolButton label={t('editor.image')} testId="editor-image" disabled={off} onClick={onImage}>
        <Image />
      </ToolButton>
      <ToolButton label={t('editor.table')} testId="editor-table" disabled={off || inTable} onClick={onTable}>
        <Table />
      </ToolButton>
      <TableMenu
        disabled={off || !inTable}
        onCommand={(c) => {
          TABLE_COMMANDS[c](editor);
          // The menu gives the focus back to its trigger as it closes: take it back after that.
          setTimeout(() => ReactEditor.focus(editor), 0);
        }}
      />
      <ToolButton label={t('editor.hr')} testId="editor-hr" disabled={off || inTable} onClick={run(() => insertRule(editor))}>
        <Minus />
      </ToolButton>
      <Divider />
      <ToolButton label={sourceActive ? t('editor.sourceBack') : t('editor.source')} testId="editor-source" active={sourceActive} disabled={locked} onClick={onSource}>
        <FileCode />
      </ToolButton>
      {actions}
    </Flex>
  );
}
