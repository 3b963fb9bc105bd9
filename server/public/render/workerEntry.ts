// Entry of the bundled render worker (workerBundle.ts): the same serveRenders worker.mjs starts through tsx.
import { parentPort, workerData } from 'node:worker_threads';
import { serveRenders } from './workerMain';

serveRenders(parentPort, workerData);
