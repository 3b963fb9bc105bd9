import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { keywordImportMachine } from '../../../machines/keywordImport.machine';
import type { KeywordImportResult } from '../../../models/keyword';
import { post } from '../../api/http';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Connects the keyword import dialog to its chart; `onImported` reloads the list. */
export function useKeywordImport(onImported: () => void) {
  const actor = useChart(
    keywordImportMachine.provide({
      actions: {
        uploadFile: (_, { file }) => {
          const form = new FormData();
          form.append('file', file, file.name);
          post<KeywordImportResult>('/keyword/import', form, { timeout: 60_000 })
            .then(({ data }) => actor.send({ type: 'import.done', report: data }))
            .catch((e: unknown) => actor.send({ type: 'import.failed', message: messageOf(e) }));
        },
        imported: () => onImported(),
      },
    }),
  );
  const state = useSelector(actor, (s) => s);
  return {
    open: state.hasTag('open'),
    editable: state.hasTag('editable'),
    busy: state.hasTag('busy'),
    reported: state.hasTag('reported'),
    file: state.context.file,
    report: state.context.report,
    error: state.context.error,
    canSubmit: state.can({ type: 'import.submit' }),
    start: () => actor.send({ type: 'import.open' }),
    choose: (file: File) => actor.send({ type: 'file.choose', file }),
    submit: () => actor.send({ type: 'import.submit' }),
    again: () => actor.send({ type: 'import.again' }),
    close: () => actor.send({ type: 'import.close' }),
  };
}
export type KeywordImport = ReturnType<typeof useKeywordImport>;
