import { useEffect, useRef } from 'react';
import { Box } from '@chakra-ui/react';
import { EditorView, basicSetup } from 'codemirror';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { html } from '@codemirror/lang-html';
import { css } from '@codemirror/lang-css';
import { javascript } from '@codemirror/lang-javascript';
import { liquid } from '@codemirror/lang-liquid';
import { extensionOf } from '../../../models/themeFiles';

/** The CodeMirror mode of a file: Liquid (with HTML), HTML, CSS, JavaScript/JSON; plain text otherwise. */
function languageOf(path: string): Extension {
  switch (extensionOf(path)) {
    case 'liquid':
      return liquid();
    case 'html':
    case 'htm':
    case 'svg':
      return html();
    case 'css':
      return css();
    case 'js':
      return javascript();
    case 'json':
      return javascript();
    default:
      return [];
  }
}

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflow: 'auto' },
});

/** A CodeMirror 6 editor for one file; remount it (key) for another file. */
export function CodeEditor({ path, value, readOnly, onChange }: { path: string; value: string; readOnly: boolean; onChange: (text: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const editable = useRef(new Compartment());
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          languageOf(path),
          theme,
          EditorView.lineWrapping,
          editable.current.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) changed.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The document is set once per mount; later values are synced below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  // A text from outside (a restored version) replaces the document.
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: editable.current.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]) });
  }, [readOnly]);

  return <Box ref={host} h="full" minH="0" borderWidth="1px" rounded="md" overflow="hidden" data-testid="theme-code" />;
}
