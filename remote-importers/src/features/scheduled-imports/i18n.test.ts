import { importersDe, importersEn } from './i18n';
import { OPTION_GROUPS } from './model/options';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('importers texts', () => {
  it('German has exactly the English keys, none empty', () => {
    expect(keys(importersDe as Tree).sort()).toEqual(keys(importersEn as Tree).sort());
    for (const key of keys(importersDe as Tree)) expect(key.split('.').reduce<unknown>((n, k) => (n as Tree)[k], importersDe)).not.toBe('');
  });
  it('every option value has a label in both languages', () => {
    for (const [group, values] of Object.entries(OPTION_GROUPS)) {
      for (const value of values) {
        expect((importersEn.options as Tree)[group]).toHaveProperty([value]);
        expect((importersDe.options as Tree)[group]).toHaveProperty([value]);
      }
    }
  });
  it('uses the spec words', () => {
    expect(importersEn.options.schedule).toEqual({ '1': 'Hourly', '2': 'Daily', '3': 'Weekly', '4': 'Every 5 Mins' });
    expect(importersEn.list.noRecords).toBe('No records found');
    expect(importersEn.list.columns).toMatchObject({ id: 'ID', name: 'Name', feed: 'Feed', schedule: 'Schedule', action: 'Action' });
    expect(importersEn.list.confirm.title).toBe('Confirm {{action}}');
    expect(importersEn.list.done).toEqual({ enable: 'Enabled', disable: 'Disabled', delete: 'Deleted' });
    expect(importersEn.run.title).toBe('Manually Run Import');
    expect(importersEn.run.buttons).toMatchObject({
      all: 'Run All',
      every5: 'Run Every 5 Mins',
      hourly: 'Run Hourly',
      daily: 'Run Daily',
      weekly: 'Run Weekly',
    });
    expect(importersEn.run.close).toBe('Close');
    expect(importersEn.run.marker).toBe('Simulation');
    expect(importersEn.editor.saved).toBe('Saved');
    expect(importersEn.editor.placeholders).toMatchObject({
      plugin: '-Select a feed type-',
      contentType: '-Type of Content-',
      user: '-User-',
    });
    expect(importersEn.editor.errors.mainCategory).toBe('Please select a main category');
    expect(importersEn.options.tinyURL['0']).toBe('-Leave blank-');
  });
});
