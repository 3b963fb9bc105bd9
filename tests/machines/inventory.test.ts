import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const machinesDir = path.resolve('machines');
const testsDir = path.resolve('tests/machines');

it('every chart in machines/ has a model-based test walking its transitions', () => {
  const charts = fs.readdirSync(machinesDir).filter((f) => f.endsWith('.machine.ts'));
  expect(charts.length).toBeGreaterThan(0);
  for (const chart of charts) {
    const test = path.join(testsDir, chart.replace(/\.ts$/, '.test.ts'));
    expect(fs.existsSync(test), `${chart} has no ${path.relative(process.cwd(), test)}`).toBe(true);
    const source = fs.readFileSync(test, 'utf8');
    // The model-based part may live in a `<chart>.model.ts` suite the mutation check shares.
    const suite = test.replace(/\.machine\.test\.ts$/, '.model.ts');
    const model = fs.existsSync(suite) ? fs.readFileSync(suite, 'utf8') : source;
    expect(model, `${chart}: walk its paths with createTestModel`).toContain('createTestModel');
    expect(model, `${chart}: give the model's events table to coverage.examples`).toContain('coverage.examples(');
    expect(source, `${chart}: check that every transition was walked`).toContain('assertEveryTransitionWalked');
  }
});
