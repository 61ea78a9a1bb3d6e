// Exposed as `remote_desk/routes` (docs/ARCHITECTURE.md, "./routes contract").
// The shell renders these screens inside its own providers and router.
import type { RemoteScreen } from 'shared';
import { boardLoader, BoardScreen } from './app/board/BoardScreen';
import { manageLoader, ManageScreen } from './app/manage/ManageScreen';

export const screens = {
  /** `/desk`: the board of a desk the user works on. */
  board: { loader: boardLoader, Component: BoardScreen },
  /** `/desk/manage`: desks, members and stages (right manage_desks). */
  manage: { loader: manageLoader, Component: ManageScreen },
} satisfies Record<string, RemoteScreen>;
