import { chunkedUpload } from './chunkedUpload';
import { staticGeneration } from './staticGen';
import { millionArticleEntries } from './millionArticles';
import { adminLoad } from './adminLoad';
import { clusterThroughput } from './cluster';

// `npm run bench`: runs each entry in turn and prints its figures. Later issues add their entries to
// ENTRIES; `npm run bench -- <text>` runs only the entries whose name contains the text.

export interface BenchEntry {
  name: string;
  /** Runs once and answers the figures to print, label → value. */
  run(): Promise<Record<string, string>>;
}

const ENTRIES: BenchEntry[] = [chunkedUpload, staticGeneration, ...millionArticleEntries, adminLoad, clusterThroughput];

async function main() {
  const filter = process.argv.slice(2).join(' ').toLowerCase();
  // An entry named `<text>: …` is chosen alone (`load` is not also the chunked up*load*).
  const named = filter ? ENTRIES.filter((e) => e.name.toLowerCase().startsWith(`${filter}:`)) : [];
  const chosen = named.length ? named : ENTRIES.filter((e) => e.name.toLowerCase().includes(filter));
  if (!chosen.length) throw new Error(`no benchmark matches "${filter}"`);
  let failed = 0;
  for (const entry of chosen) {
    console.log(`\n▶ ${entry.name}`);
    try {
      const figures = await entry.run();
      const width = Math.max(...Object.keys(figures).map((k) => k.length));
      for (const [label, value] of Object.entries(figures)) console.log(`  ${label.padEnd(width)}  ${value}`);
    } catch (err) {
      failed++;
      console.error(`  failed: ${err instanceof Error ? err.stack : String(err)}`);
    }
  }
  console.log(`\n${chosen.length - failed} benchmarks ran, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

void main();
