import { runStatus, toBars, type ImportRun } from './runHistory';

const run = (id: number, patch: Partial<ImportRun> = {}): ImportRun => ({
  id,
  started: `2026-01-0${id}T00:00:00Z`,
  finished: `2026-01-0${id}T00:01:00Z`,
  seen: 10,
  new: 2,
  duplicate: 7,
  failed: 1,
  error: null,
  importer_id: 1,
  trigger: 'schedule',
  status: 'ok',
  error_code: null,
  error_params: null,
  ...patch,
});

describe('runStatus', () => {
  it('none, running, error, ok', () => {
    expect(runStatus(null)).toBe('none');
    expect(runStatus(undefined)).toBe('none');
    expect(runStatus(run(1, { finished: null }))).toBe('running');
    expect(runStatus(run(1, { error: 'HTTP 500' }))).toBe('error');
    expect(runStatus(run(1, { error: 'HTTP 500', finished: null }))).toBe('error');
    expect(runStatus(run(1, { status: 'error' }))).toBe('error');
    expect(runStatus(run(1, { status: 'running' }))).toBe('running');
    expect(runStatus(run(1, { status: 'not_modified' }))).toBe('ok');
    expect(runStatus(run(1))).toBe('ok');
  });
});

describe('toBars', () => {
  it('oldest first, stacked new/duplicate/failed, scaled to the biggest run', () => {
    const { bars, max } = toBars([run(2, { new: 20, duplicate: 0, failed: 0 }), run(1)], 100);
    expect(max).toBe(20);
    expect(bars.map((bar) => bar.id)).toEqual([1, 2]);
    expect(bars[0]!.segments).toEqual([
      { series: 'new', value: 2, y: 90, height: 10 },
      { series: 'duplicate', value: 7, y: 55, height: 35 },
      { series: 'failed', value: 1, y: 50, height: 5 },
    ]);
    expect(bars[1]!.segments[0]).toEqual({ series: 'new', value: 20, y: 0, height: 100 });
  });
  it('empty and failed runs get empty bars with the error kept; bad numbers count as 0', () => {
    const { bars, max } = toBars(
      [run(1, { new: 0, duplicate: 0, failed: 0, error: 'timeout' }), run(2, { new: -3 as number, duplicate: NaN, failed: 'x' as never })],
      50,
    );
    expect(max).toBe(1);
    expect(bars.every((bar) => bar.segments.every((segment) => segment.height === 0))).toBe(true);
    expect(bars[1]!.error).toBe('timeout');
  });
  it('no runs, no bars', () => {
    expect(toBars([], 10)).toEqual({ bars: [], max: 1 });
  });
});
