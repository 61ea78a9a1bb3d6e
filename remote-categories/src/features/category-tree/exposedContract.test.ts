// The picker exposed as remote_categories/CategoryTree must satisfy the contract in `shared`, which
// the article and importer editors compile against (they never import this remote). tsc checks the
// assignment below as part of `npm test` (typecheck); the test checks the default export at run time.
import type { CategoryTreeModule, CategoryTreePickerProps as ContractProps } from 'shared';
import * as exposed from './components/CategoryTreePicker';
import type { CategoryTreePickerProps } from './components/CategoryTreePicker';

const asContract: CategoryTreeModule = exposed;
const propsMatch: ContractProps = {} as CategoryTreePickerProps;
const propsMatchBack: CategoryTreePickerProps = {} as ContractProps;

test('remote_categories/CategoryTree default-exports the picker the contract describes', () => {
  expect(typeof asContract.default).toBe('function');
  expect(exposed.default).toBe(exposed.CategoryTreePicker);
  expect([propsMatch, propsMatchBack]).toHaveLength(2);
});
