import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { CHART_EXAMPLES, examplesIn } from '../machines/examples/index';
import { chartNames, chartPaths, formatText, runPaths, type ChartPath } from './paths';

// `npm run paths` (issue 16): every chart gives QA readable paths built from the examples its
// model-based test walks, and every path is one a real chart takes.

const STEP_LINE = /^ {2}\d+\. in [^,]+(, [^,]+)*, send [a-z][\w.]*( \{.*\})? → \S.*$/;

/** Walks a path on the real chart (pure `transition`): each event must come from the table in that snapshot and land where the path says. */
function walk(chart: string, p: ChartPath) {
  const examples = CHART_EXAMPLES[chart]!;
  const machine = examples.machine as AnyStateMachine;
  let [snapshot] = initialTransition(machine, examples.input as never) as [AnyMachineSnapshot, unknown];
  for (const step of p.steps) {
    expect(snapshot.value, `${chart} path ${p.index} step ${step.n}: from`).toEqual(step.from);
    const table = examplesIn(examples, snapshot as never);
    expect(table, `${chart} path ${p.index} step ${step.n}: ${step.event.type} is not in the chart's examples table`).toContainEqual(step.event);
    expect(snapshot.can(step.event), `${chart}: the chart accepts ${step.event.type} there`).toBe(true);
    [snapshot] = transition(machine, snapshot as never, step.event as never) as [AnyMachineSnapshot, unknown];
    expect(snapshot.value, `${chart} path ${p.index} step ${step.n}: to`).toEqual(step.to);
  }
  expect(snapshot.value).toEqual(p.target);
}

describe('the chart registry', () => {
  it('has the examples of every chart in machines/, and only those', () => {
    const charts = fs
      .readdirSync(path.resolve('machines'))
      .filter((f) => f.endsWith('.machine.ts'))
      .map((f) => f.replace(/\.machine\.ts$/, ''))
      .sort();
    expect(chartNames()).toEqual(charts);
  });
});

describe('shortest paths of every chart', () => {
  for (const chart of chartNames()) {
    it(`${chart}: at least one path with events, each step an example event the chart takes, one path per state`, () => {
      const paths = chartPaths(chart);
      expect(paths.filter((p) => p.steps.length > 0).length).toBeGreaterThanOrEqual(1);
      expect(paths.map((p) => p.index)).toEqual(paths.map((_, i) => i + 1));
      const targets = paths.map((p) => JSON.stringify(p.target));
      expect(new Set(targets).size, 'one shortest path per state value').toBe(targets.length);
      for (const p of paths) walk(chart, p);
      const text = formatText(paths).split('\n');
      const stepLines = text.filter((line) => /^ {2}\d+\. /.test(line));
      expect(stepLines).toHaveLength(paths.reduce((n, p) => n + p.steps.length, 0));
      for (const line of stepLines) expect(line).toMatch(STEP_LINE);
    });
  }
});

describe('npm run paths', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('alone lists every chart with its state, transition and path counts', () => {
    const { code, stdout } = runPaths([]);
    expect(code).toBe(0);
    const rows = stdout.trim().split('\n').slice(2);
    expect(rows.map((r) => r.split(/\s+/)[0])).toEqual(chartNames());
    const upload = rows.find((r) => r.startsWith('upload '))!.trim().split(/\s+/);
    expect(upload.slice(1).map(Number)).toEqual([11, 26, chartPaths('upload').length]);
  });

  it('prints numbered paths of numbered steps "in X, send e {payload} → Y", the chart named with or without .machine', () => {
    const { code, stdout } = runPaths(['upload.machine']);
    expect(code).toBe(0);
    expect(stdout).toContain('Path 1 → idle (0 steps)');
    expect(stdout).toMatch(/Path \d+ → done \(\d+ steps\)/);
    expect(stdout).toMatch(/^ {2}1\. in idle, send upload\.start \{"file":\{"name":"[^"]+","size":\d+,"lastModified":1\},"chunkSize":2,"threshold":3,"resume":.*\} → active\.preparing$/m);
    expect(runPaths(['machines/upload.machine.ts']).stdout).toBe(stdout);
  });

  it('--to keeps the paths that end in a state given by dotted value or by id', () => {
    const chunking = chartPaths('upload', { to: 'active.chunking' });
    expect(chunking.length).toBe(1);
    expect(chunking[0]!.target).toEqual({ active: 'chunking' });
    // A parent state: every path ending in one of its children.
    const active = chartPaths('upload', { to: 'active' });
    expect(active.length).toBeGreaterThan(1);
    for (const p of active) expect(Object.keys(p.target as object)).toEqual(['active']);
    const byId = chartPaths('session', { to: '#authenticated' });
    expect(byId.length).toBeGreaterThan(0);
    for (const p of byId) expect(Object.keys(p.target as object)).toEqual(['authenticated']);
    const cli = runPaths(['session', '--to', 'awaitingCode.sending']);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain('1 shortest path to awaitingCode.sending');
    expect(runPaths(['session', '--to', 'nowhere'])).toMatchObject({ code: 1, stderr: expect.stringContaining('no path of session ends in "nowhere"') });
  });

  it('--simple lists every simple path: each is a real walk that never returns to a state it left', () => {
    const simple = chartPaths('upload', { simple: true });
    expect(simple.length).toBeGreaterThan(chartPaths('upload').length);
    for (const p of simple) {
      walk('upload', p);
      const along = [p.steps[0]?.from ?? p.target, ...p.steps.map((s) => s.to)].map((v) => JSON.stringify(v));
      const visits = along.filter((v, i) => i === 0 || v !== along[i - 1]);
      expect(new Set(visits).size, p.steps.map((s) => s.event.type).join(' → ')).toBe(visits.length);
    }
    expect(runPaths(['upload', '--simple']).stdout).toContain(`upload: ${simple.length} simple paths`);
  });

  it('--format json is machine-readable, with the same paths', () => {
    const { code, stdout } = runPaths(['session', '--format', 'json']);
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(json).toMatchObject({ chart: 'session', kind: 'shortest', by: 'value' });
    expect(json.paths).toHaveLength(chartPaths('session').length);
    const last = json.paths.at(-1);
    expect(last.steps[0]).toMatchObject({ n: 1, from: 'anonymous', event: { type: expect.any(String) }, text: expect.stringMatching(/^in anonymous, send /) });
    expect(JSON.parse(runPaths(['--format', 'json']).stdout).map((r: { chart: string }) => r.chart)).toEqual(chartNames());
  });

  it('--by transition walks the tests\' graph: more paths, still example events', () => {
    const paths = chartPaths('loader', { by: 'transition' });
    expect(paths.length).toBeGreaterThan(chartPaths('loader').length);
    for (const p of paths) walk('loader', p);
  });

  it('--format playwright writes one skeleton browser test per path, one commented step per event', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'banyan-paths-'));
    dirs.push(dir);
    const { code, stdout } = runPaths(['job', '--format', 'playwright', '--out', dir]);
    expect(code).toBe(0);
    const paths = chartPaths('job');
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(paths.length);
    expect(stdout).toContain(`wrote ${paths.length} skeleton tests for job:`);
    for (const p of paths) {
      const file = path.join(dir, `job.path${String(p.index).padStart(3, '0')}.test.ts`);
      expect(stdout).toContain(path.relative(process.cwd(), file));
      const source = fs.readFileSync(file, 'utf8');
      expect(source).toContain("from 'playwright-core'");
      expect(source).toMatch(/import \{ launchBrowser \} from '.*tests\/helpers\/browser';/);
      const steps = source.split('\n').filter((l) => /^\s+\/\/ Step \d+: in /.test(l));
      expect(steps).toHaveLength(p.steps.length);
      p.steps.forEach((s, i) => expect(steps[i]).toContain(`send ${s.event.type}`));
    }
  });

  it('refuses an unknown chart, naming the charts there are', () => {
    const { code, stderr } = runPaths(['nope']);
    expect(code).toBe(1);
    expect(stderr).toContain('unknown chart "nope"');
    expect(stderr).toContain('upload');
    expect(runPaths(['upload', '--format', 'yaml']).code).toBe(1);
  });
});
