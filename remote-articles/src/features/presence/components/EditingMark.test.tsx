import { act, render, screen } from '@testing-library/react';
import { setLanguage } from 'shared';
import { EDITOR, signIn } from 'shared/test/fixtures';
import { setupStub } from 'shared/test/stubServer';
import { presenceClient } from '../api/presenceClient';
import '../i18n';
import { EditingMark } from './EditingMark';

jest.mock('../api/presenceClient', () => {
  const { PresenceStore } = jest.requireActual('../model/presenceStore');
  return { presenceClient: { store: new PresenceStore(), retain: () => () => undefined } };
});

const lock = (id: number, name: string) => ({
  type: 'lock' as const,
  article_id: 4,
  held_by: { id, name },
  since: null,
  expires: new Date(Date.now() + 60_000).toISOString(),
});

describe('EditingMark', () => {
  beforeEach(async () => {
    const server = setupStub();
    await signIn(server);
    presenceClient.store.clear();
  });
  afterEach(() => act(() => void setLanguage('en')));

  it('says who edits the article while the lock is held, "you" for the user, nothing when free', async () => {
    render(<EditingMark articleId={4} />);
    expect(screen.queryByTestId('editing-mark')).toBeNull();
    act(() => presenceClient.store.apply(lock(99, 'Alex Admin')));
    expect(screen.getByTestId('editing-mark').textContent).toBe('Being edited by Alex Admin');
    await act(() => setLanguage('de'));
    expect(screen.getByTestId('editing-mark').textContent).toBe('Wird bearbeitet von Alex Admin');
    await act(() => setLanguage('en'));
    act(() => presenceClient.store.apply(lock(EDITOR.id, EDITOR.name)));
    expect(screen.getByTestId('editing-mark').textContent).toBe('Being edited by you');
    act(() => presenceClient.store.apply({ type: 'lock', article_id: 4, held_by: null, since: null, expires: null }));
    expect(screen.queryByTestId('editing-mark')).toBeNull();
  });
});
