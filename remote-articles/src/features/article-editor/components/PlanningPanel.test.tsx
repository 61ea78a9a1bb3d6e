import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Planning } from 'contracts/schemas/desks';
import { toast, type ToastEvent } from 'shared';
import { signIn } from 'shared/test/fixtures';
import { fail, inTurn, ok, setupStub } from 'shared/test/stubServer';
import '../i18n';
import { PlanningPanel } from './PlanningPanel';

jest.setTimeout(30_000);

const PLANNING = '/api/v2/articles/:id/planning';
const stored: Planning = {
  article_id: 5,
  planning_version: 3,
  desk_id: 1,
  stage_id: 2,
  assignees: [{ id: 7, name: 'Ola Other' }],
  deadline: null,
  planned_slot: null,
  target_words: 600,
  overdue: true,
  may_plan: true,
};

describe('the Planning panel', () => {
  it('shows the planning and saves it with its own version; says a stale save and shows the newer planning', async () => {
    const newer = { ...stored, planning_version: 4, target_words: 900, overdue: false };
    const server = setupStub()
      .on('get', PLANNING, inTurn(ok(stored), ok(newer)))
      .on('get', '/api/v2/portal/creators', ok([{ id: 2, name: 'Eddie Editor', username: 'editor' }]))
      .on(
        'post',
        PLANNING,
        inTurn(
          ok({ ...stored, planning_version: 4, target_words: 750 }),
          fail(409, 'Someone else has changed the planning of this story in the meantime', 409, 'Conflict', {
            error: 'planning_stale_version',
          }),
        ),
      );
    await signIn(server, 'tok-plan', ['create_article', 'edit_all_articles']);
    const toasts: ToastEvent[] = [];
    toast.subscribe((event) => toasts.push(event));
    render(<PlanningPanel articleId={5} />);
    expect(await screen.findByText('This story is overdue: its deadline has passed.')).toBeInTheDocument();
    expect(screen.getByText('Ola Other')).toBeInTheDocument();
    const target = screen.getByLabelText('Target length (words)');
    expect(target).toHaveValue('600');
    fireEvent.change(target, { target: { value: '750' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save planning' }));
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', message: 'Planning saved' })));
    expect(server.bodies('post', PLANNING)).toEqual([
      { planning_version: 3, assignees: [7], deadline: null, planned_slot: null, target_words: 750 },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Save planning' }));
    await waitFor(() => expect(screen.getByLabelText('Target length (words)')).toHaveValue('900'));
    expect(toasts).toContainEqual(
      expect.objectContaining({ type: 'error', message: 'Someone else has changed the planning of this story in the meantime' }),
    );
  });

  it('asks to save a new article first, and is read-only without the right to plan', async () => {
    const server = setupStub()
      .on('get', PLANNING, ok({ ...stored, may_plan: false, overdue: false }))
      .on('get', '/api/v2/portal/creators', ok([]));
    await signIn(server, 'tok-plan', ['create_article']);
    const { unmount } = render(<PlanningPanel articleId={0} />);
    expect(screen.getByText('Save the article first: then it can be planned.')).toBeInTheDocument();
    unmount();
    render(<PlanningPanel articleId={5} />);
    expect(await screen.findByText('You may not change the planning of this story.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save planning' })).toBeDisabled();
    expect(screen.getByLabelText('Target length (words)')).toBeDisabled();
  });
});
