import { fileURLToPath } from 'node:url';

// The render worker's code as one plain CommonJS script, bundled once per process with esbuild (which tsx, the
// server's runtime, brings along). A worker started from it loads in a fraction of the time and CPU of one that
// imports the TypeScript sources through tsx (its own loader thread and a transform per module: about half a
// CPU-second per worker on the bench machine), which each static generation run pays for each of its workers.
// When esbuild cannot be loaded or the build fails, workers start through worker.mjs as before.

let script: string | null | undefined;
let building: Promise<void> | undefined;

/** Builds the script once (later calls answer the same promise); never fails. */
export function prepareWorkerScript(): Promise<void> {
  building ??= (async () => {
    try {
      const esbuild = await import('esbuild');
      const out = await esbuild.build({
        entryPoints: [fileURLToPath(new URL('./workerEntry.ts', import.meta.url))],
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        // Packages' ES module builds first (LiquidJS's): their code joins the bundle's one scope, where the CommonJS
        // build is reached through a getter for every name the renderer uses (about 5% of a worker's time).
        mainFields: ['module', 'main'],
        write: false,
        logLevel: 'silent',
      });
      script = out.outputFiles[0]?.text ?? null;
      // esbuild's service process is not needed any more (it would otherwise live as long as the server).
      await esbuild.stop();
    } catch {
      script = null;
    }
  })();
  return building;
}

/** How long after a server starts listening its render workers' script is bundled (prepareWorkerScriptSoon). */
export const BUNDLE_AFTER_LISTEN_MS = 1000;

/**
 * Bundles the script a moment from now, in the background (a server that has just started listening: its first static
 * run then starts its workers at once, where it used to wait about 0.2 s for the bundle). Answers a function that
 * cancels it if it has not started (a server closed first). The timer keeps no process alive.
 */
export function prepareWorkerScriptSoon(delayMs = BUNDLE_AFTER_LISTEN_MS): () => void {
  const timer = setTimeout(() => void prepareWorkerScript(), delayMs);
  timer.unref();
  return () => clearTimeout(timer);
}

/** Whether the script was asked for (building or built) in this process. */
export const workerScriptAsked = () => building !== undefined;

/** Forgets the bundle, as a process that has not built it yet (tests of when it is built). */
export function forgetWorkerScript() {
  script = undefined;
  building = undefined;
}

/** The bundled script once built, or null (not built yet, or unavailable): then workers start through tsx. */
export const workerScript = (): string | null => script ?? null;
