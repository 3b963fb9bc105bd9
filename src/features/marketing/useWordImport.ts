import { useSelector } from '@xstate/react';
import { useChart } from '../../app/useChart';
import { wordImportMachine, type ImportReport } from '../../../machines/wordImport.machine';
import { post } from '../../api/http';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Connects the prohibited-word import dialog to its chart; `onImported` reloads the word list. */
export function useWordImport(onImported: () => void) {
  const actor = useChart(
    wordImportMachine.provide({
      actions: {
        submitImport: (_, { text }) => {
          post<ImportReport>('/prohibitedWord/import', { text })
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
    text: state.context.text,
    report: state.context.report,
    error: state.context.error,
    canSubmit: state.can({ type: 'import.submit' }),
    canRetry: state.can({ type: 'import.retry' }),
    start: () => actor.send({ type: 'import.open' }),
    change: (text: string) => actor.send({ type: 'text.change', text }),
    submit: () => actor.send({ type: 'import.submit' }),
    retry: () => actor.send({ type: 'import.retry' }),
    close: () => actor.send({ type: 'import.close' }),
  };
}
export type WordImport = ReturnType<typeof useWordImport>;
