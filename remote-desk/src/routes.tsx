// Exposed as `remote_desk/routes` (docs/ARCHITECTURE.md, "./routes contract").
// The shell renders these screens inside its own providers and router.
import type { RemoteScreen } from 'shared';
import { boardLoader, BoardScreen } from './app/board/BoardScreen';

export const screens = {
  /** `/desk`: the board of a desk the user works on. */
  board: { loader: boardLoader, Component: BoardScreen },
} satisfies Record<string, RemoteScreen>;
