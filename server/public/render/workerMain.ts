import type { MessagePort } from 'node:worker_threads';
import { ThemeRenderer, type RenderLimits } from './engine';
import { CreateTurns, writePageSync, type SyncWriteOptions } from '../../operations/staticGen/atomicWrite';
import { detailParts, listedView, type SiteSeo } from '../detailData';
import type { ColumnRow, ContentRow } from '../data';

// Inside a render worker thread: one sandboxed ThemeRenderer answering the pool's requests.

/** A top-level value the worker keeps between renders: [key, place] or, when new at that place, [key, place, its JSON]. */
export type SharedPart = [key: string, place: number, json?: string];

/** A long string of a page's own data, new to the worker: [slot, text] (RenderPool.encode). */
export type StringPart = [slot: number, text: string];

/**
 * What every detail page of one column shares in a run (DetailsRequest): the data all its pages show (`base`, as
 * JSON: the site, strings, navigation, column…), the site's SEO texts, the site's columns and whether listed items
 * carry their bodies.
 */
export interface DetailShared {
  base: string;
  site: SiteSeo;
  column: ColumnRow;
  columns: ColumnRow[];
  bodies: boolean;
}

/** One detail page to build from rows: its item, its related items' ids in order, and its file. */
export interface DetailPage {
  rowId: number;
  related: number[];
  file: string;
}

/**
 * Detail pages of one column built here from their rows (server/operations/staticGen/detailPages.ts): `rows` holds
 * every item they show (their own and their related ones), `tags` each item's tags. `shared` comes with the first
 * request of its `key` to this worker.
 */
export interface DetailsRequest {
  op: 'details';
  id: number;
  themeDir: string;
  template: string;
  key: string;
  shared?: DetailShared;
  rows: ContentRow[];
  tags: Array<[number, Array<{ id: number; name: string }>]>;
  pages: DetailPage[];
}

/**
 * Each detail page's outcome, in the request's order: written; its template failed (as a page rendered the usual way
 * fails: the run reports it); or to be rendered again the usual way.
 */
export type DetailOutcome = { bytes: number } | { failed: { message: string; name: string } } | { again: true };

export type WorkerRequest =
  | { op: 'render'; id: number; themeDir: string; template: string; json: string; shared?: SharedPart[]; strings?: StringPart[]; file?: string }
  | DetailsRequest
  | { op: 'clear' }
  /** A parked worker taken by a new run's pool: everything the run before left here goes. */
  | { op: 'reset'; setup: WorkerSetup };
export type WorkerReply =
  | { id: number; html: string }
  | { id: number; bytes: number }
  | { id: number; pages: DetailOutcome[] }
  | { id: number; error: string; name: string; code?: string };

/** What a pool starts its workers with. */
export interface WorkerSetup {
  limits?: RenderLimits;
  memoPartials?: boolean;
  /** Pages go over a live output (column and content runs): each through a temporary file and a rename. */
  atomicWrites?: boolean;
  /** The run writes into a folder new to it (a whole-site run with no earlier output to reuse): every page is created. */
  freshFolder?: boolean;
  /** The pool's turns at creating files (CreateTurns), for a fresh folder. */
  createTurns?: SharedArrayBuffer;
}

/** Detail pages a worker renders before it handles the requests that arrived meanwhile (buildDetails). */
export const DETAIL_SLICE = 8;

/** A form marker ({% form %}, server/public/render/formTag.ts): such a page goes back to the main thread. */
const FORM_MARKER_START = '<!--banyan-form:';

/** An error's message and name, as they cross back to the pool. */
const errorFields = (err: unknown) => ({ message: err instanceof Error ? err.message : String(err), name: err instanceof Error ? err.name : 'Error' });

export function serveRenders(port: MessagePort | null, setup: WorkerSetup | undefined) {
  if (!port) throw new Error('render worker started outside a worker thread');
  // What one run's requests build up here. A worker a pool parks after its run (RenderPool, parkWorkers) is reset
  // before its next run: a new renderer for that run's setup (no template, parsed or rendered, is kept from the run
  // before: the theme may have changed since), and no shared value, string, column data or made folder is kept.
  let renderer!: ThemeRenderer;
  let atomic = false;
  let writing: SyncWriteOptions = {};
  /** Folders this worker made. */
  let made!: Set<string>;
  // Shared values by place: parsed once, then given to every render that names them (templates never
  // change their data: LiquidJS filters and tags answer new values).
  let places: unknown[] = [];
  // Long strings of pages' own data by slot: the page's JSON names them as "\u0000<slot>" (no other string
  // in it starts with U+0000: the pool writes those as references too).
  let table: string[] = [];
  /** Each column's shared detail data, by key (DetailsRequest), parsed once. */
  let details!: Map<string, { base: Record<string, unknown>; site: SiteSeo; column: ColumnRow; columns: Map<number, ColumnRow>; bodies: boolean }>;
  const reset = (next: WorkerSetup | undefined) => {
    renderer = new ThemeRenderer(next?.limits, { memoPartials: next?.memoPartials });
    atomic = Boolean(next?.atomicWrites);
    writing = next?.freshFolder && !atomic ? { fresh: true, turns: next.createTurns ? new CreateTurns(next.createTurns) : undefined } : {};
    made = new Set();
    places = [];
    table = [];
    details = new Map();
  };
  reset(setup);
  const revive = (_key: string, v: unknown) => (typeof v === 'string' && v.charCodeAt(0) === 0 ? table[Number(v.slice(1))] : v);
  // Answers leave together once this thread has handled what is queued (the requests that arrived, the writes that
  // finished): one message, and one wake-up of the pool's thread, for several pages instead of one each.
  let outbox: WorkerReply[] = [];
  const flush = () => {
    const replies = outbox;
    outbox = [];
    port.postMessage(replies);
  };
  const answer = (reply: WorkerReply) => {
    if (outbox.push(reply) === 1) setImmediate(flush);
  };
  /**
   * Builds each page's data from its rows with detailParts (as renderPage does) and renders and writes it. A
   * template that fails is answered `failed` (rendered once, not twice, when a theme spins to its time limit). A page
   * that cannot be done here otherwise (its row gone or moved, a form marker, a refused write) is answered `again`:
   * the run renders it the usual way, which answers or reports it as before.
   */
  const buildDetails = (msg: DetailsRequest, done: (reply: WorkerReply) => void) => {
    if (msg.shared) {
      const { base, site, column, columns, bodies } = msg.shared;
      details.set(msg.key, { base: JSON.parse(base) as Record<string, unknown>, site, column, columns: new Map(columns.map((c) => [c.id, c])), bodies });
    }
    const shared = details.get(msg.key);
    const rows = new Map(msg.rows.map((r) => [r.id, r]));
    const tags = new Map(msg.tags);
    /** Related items' views, built once per request (an item is related to the five pages before it). */
    const listed = new Map<number, ReturnType<typeof listedView>>();
    const listedOf = (row: ContentRow) => {
      let view = listed.get(row.id);
      if (!view) listed.set(row.id, (view = listedView(row, shared!.columns.get(row.categoryId), tags.get(row.id), shared!.bodies)));
      return view;
    };
    // Pages rendered and not written yet (fresh folder with turns: written when this worker gets the turn, rendering
    // on meanwhile; all of them before the answer).
    const held: Array<{ at: number; file: string; bytes: Buffer }> = [];
    const pages: DetailOutcome[] = [];
    const write = (at: number, file: string, bytes: Buffer, options: SyncWriteOptions) => {
      try {
        writePageSync(file, bytes, atomic, made, options);
        pages[at] = { bytes: bytes.length };
      } catch {
        pages[at] = { again: true };
      }
    };
    const turns = writing.turns;
    /** Writes the held pages, each while holding the turn; `wait`: all of them, else only while the turn is free. */
    const writeHeld = (wait: boolean) => {
      while (held.length && turns) {
        if (!turns.tryTake()) {
          if (!wait) return;
          turns.take();
        }
        const { at, file, bytes } = held.shift()!;
        try {
          write(at, file, bytes, { fresh: writing.fresh });
        } finally {
          turns.give();
        }
      }
    };
    const renderOne = (page: DetailPage, at: number) => {
      const row = rows.get(page.rowId);
      if (!shared || !row || row.categoryId !== shared.column.id) {
        pages[at] = { again: true };
        return;
      }
      try {
        const related = page.related.flatMap((id) => {
          const r = rows.get(id);
          return r ? [listedOf(r)] : [];
        });
        const data = { ...shared.base, ...detailParts(shared.site, shared.column, row, tags.get(row.id), related) };
        let html: string;
        try {
          html = renderer.renderPlain(msg.themeDir, msg.template, data);
        } catch (err) {
          pages[at] = { failed: errorFields(err) };
          return;
        }
        if (html.includes(FORM_MARKER_START)) {
          pages[at] = { again: true };
          return;
        }
        const bytes = Buffer.from(html, 'utf8');
        if (!turns) return write(at, page.file, bytes, writing);
        held.push({ at, file: page.file, bytes });
        writeHeld(false);
      } catch {
        pages[at] = { again: true };
      }
    };
    // In slices: between two, the requests that arrived meanwhile are handled (a list page of the run's lanes waits for
    // one slice, not for the whole batch, so the lanes keep pace with the batches instead of finishing after them).
    const slice = (from: number) => {
      const to = Math.min(msg.pages.length, from + DETAIL_SLICE);
      for (let at = from; at < to; at++) renderOne(msg.pages[at]!, at);
      if (to < msg.pages.length) {
        setImmediate(slice, to);
        return;
      }
      writeHeld(true);
      done({ id: msg.id, pages });
    };
    slice(0);
  };
  port.on('message', (msg: WorkerRequest) => {
    if (msg.op === 'clear') return renderer.clear();
    if (msg.op === 'reset') return reset(msg.setup);
    if (msg.op === 'details') return buildDetails(msg, answer);
    // The message's JSON text is the plain copy a render sees: parsed once, rendered synchronously.
    let reply: WorkerReply;
    try {
      for (const [at, text] of msg.strings ?? []) table[at] = text;
      const data = (msg.json.includes('\\u0000') ? JSON.parse(msg.json, revive) : JSON.parse(msg.json)) as Record<string, unknown>;
      for (const [key, place, json] of msg.shared ?? []) {
        if (json !== undefined) places[place] = JSON.parse(json);
        data[key] = places[place];
      }
      const html = renderer.renderPlain(msg.themeDir, msg.template, data);
      if (msg.file && !html.includes(FORM_MARKER_START)) {
        // Written here, synchronously (writePageSync), each folder made once; the file system's code (ENOSPC,
        // EACCES…) goes back with the message: the run stops on it.
        const bytes = Buffer.from(html, 'utf8');
        try {
          writePageSync(msg.file, bytes, atomic, made, writing);
          reply = { id: msg.id, bytes: bytes.length };
        } catch (err) {
          const e = err as NodeJS.ErrnoException;
          reply = { id: msg.id, error: e.message, name: e.name, code: e.code };
        }
        answer(reply);
        return;
      }
      reply = { id: msg.id, html };
    } catch (err) {
      const { message, name } = errorFields(err);
      reply = { id: msg.id, error: message, name };
    }
    answer(reply);
  });
  port.postMessage({ id: 0, html: 'ready' } satisfies WorkerReply);
}
