import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage, toast } from 'shared';
import { ok, setupStub, type StubServer } from 'shared/test/stubServer';
import type { RevisionSummary } from '../api/historyApi';
import '../i18n';
import { HistoryButton } from './HistoryButton';

// The history's calls are answered at the network by the stub server.
const REVISIONS = '/api/portal/article/7/revisions';
let server: StubServer;

const REVISION: RevisionSummary = {
  id: 21,
  article_id: 7,
  version: 1,
  created: '2026-11-24T08:00:00.000Z',
  user: { id: 3, name: 'Sam Submitter' },
  source: 'editor',
  restored_from: null,
  restored_version: null,
  changed: null,
  summary: 'First recorded version',
};

beforeEach(() => {
  setLanguage('en');
  server = setupStub().on('get', REVISIONS, ok([{ ...REVISION, id: 22, version: 2, changed: ['title'] }, REVISION], { total: 2 }));
});

it('shows the version, opens the History panel in a drawer, and closes it after a restore', async () => {
  const user = userEvent.setup();
  jest.spyOn(toast, 'success').mockImplementation(() => ({}) as never);
  server.on('post', `${REVISIONS}/21/restore`, ok({ id: 7, version: 3, revision: 23 }));
  const onRestored = jest.fn();
  render(<HistoryButton articleId={7} version={2} canRestore onRestored={onRestored} />);
  expect(screen.getByTestId('editor-version').textContent).toBe('Version 2');
  // Nothing is asked for before the panel opens.
  expect(server.calls).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'History' }));
  const drawer = await screen.findByRole('dialog', { name: 'History of article 7' });
  expect(await within(drawer).findAllByTestId('history-item')).toHaveLength(2);
  await user.click(within(drawer).getByRole('button', { name: 'Restore version 1' }));
  const dialogs = await screen.findAllByRole('dialog');
  await user.click(within(dialogs[dialogs.length - 1]!).getByRole('button', { name: 'Restore' }));
  await waitFor(() => expect(onRestored).toHaveBeenCalledWith({ version: 3 }));
  expect(server.bodies('post', `${REVISIONS}/21/restore`)).toEqual([{ version: 2 }]);
  await waitFor(() => expect(screen.queryByTestId('article-history')).toBeNull());
});
