import { Value } from 'typebox/value';
import { importRun } from '../testing/fixtures';
import { ImportRunSchema, RunResultSchema } from './importers';

const run = importRun({ importer_id: 2, trigger: 'schedule', status: 'not_modified' });

describe('import run schemas', () => {
  it('a run has one of the four statuses and one of the two triggers', () => {
    expect(Value.Check(ImportRunSchema, run)).toBe(true);
    expect(Value.Check(ImportRunSchema, { ...run, status: 'failed' })).toBe(false);
    expect(Value.Check(ImportRunSchema, { ...run, trigger: 'cron' })).toBe(false);
  });

  it("an importer's outcome in a run result is ok, error or skipped", () => {
    const outcome = { id: 1, title: 'Wire', status: 'skipped', seen: 0, created: 0, duplicates: 0, failed: 0 };
    expect(Value.Check(RunResultSchema, { simulate: true, importers: [outcome], items: [], failures: [] })).toBe(true);
    expect(Value.Check(RunResultSchema, { simulate: true, importers: [{ ...outcome, status: 'running' }], items: [], failures: [] })).toBe(
      false,
    );
  });
});
