// Entry of a render worker thread (see pool.ts). Plain JavaScript so that it starts the same way under
// `tsx`, Vitest or plain Node: it loads the TypeScript renderer through tsx's scoped import.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { serveRenders } = await tsImport('./workerMain.ts', import.meta.url);
serveRenders(parentPort, workerData);
