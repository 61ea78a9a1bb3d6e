import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RowActionsMenu } from './RowActionsMenu';

/** A viewport of `width` px for matchMedia's max-width queries. */
function viewport(width: number) {
  window.matchMedia = ((query: string) => ({
    matches: width <= Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Infinity),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

const actions = (onRow: () => void) => (
  <div onClick={onRow}>
    <RowActionsMenu label="Actions for article 7">
      {/* Like the article list's actions: their keys do not bubble. */}
      <span onKeyDown={(event) => event.stopPropagation()}>
        <button type="button">Delete</button>
      </span>
    </RowActionsMenu>
  </div>
);

test('on a wide screen the actions stay in the row', () => {
  viewport(1280);
  render(actions(() => undefined));
  expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Actions for article 7' })).toBeNull();
});

test('on a phone they are in the menu: the button opens them (the row does not open), Escape closes them', async () => {
  viewport(390);
  const onRow = jest.fn();
  render(actions(onRow));
  const menu = screen.getByRole('button', { name: 'Actions for article 7' });
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  expect(menu).toHaveAttribute('aria-expanded', 'false');

  await act(async () => fireEvent.click(menu));
  const remove = await screen.findByRole('button', { name: 'Delete' });
  expect(menu).toHaveAttribute('aria-expanded', 'true');
  fireEvent.click(remove);
  expect(onRow).not.toHaveBeenCalled();

  fireEvent.keyDown(remove, { key: 'Escape' });
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  await waitFor(() => expect(menu).toHaveFocus());
});
