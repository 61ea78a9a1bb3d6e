import type { LoaderFunctionArgs } from 'react-router-dom';
import { Link, useLoaderData, useNavigate } from 'react-router-dom';
import { useRight } from 'shared';
import { useTranslation } from 'react-i18next';
import { buildMark } from 'shared/ui/buildMark';
import { BoardView, DESK_NS, loadBoard, type BoardData } from '../../features/board';

export function boardLoader({ request }: LoaderFunctionArgs): Promise<BoardData> {
  return loadBoard(request.url, request.signal);
}

/** /desk: the board of one desk the user works on (`?desk=<id>`, else the first). */
export function BoardScreen() {
  const { t } = useTranslation(DESK_NS);
  const { desks, board } = useLoaderData() as BoardData;
  const navigate = useNavigate();
  const manages = useRight('manage_desks');
  return (
    <div data-testid="desk-screen" {...buildMark('remote-desk')} style={{ padding: 24 }}>
      <h1 style={{ marginTop: 0 }}>{board ? `${t('title')}: ${board.desk.name}` : t('title')}</h1>
      {manages ? (
        <p>
          <Link to="/desk/manage">{t('admin.link')}</Link>
        </p>
      ) : null}
      {board ? (
        <BoardView key={board.desk.id} board={board} desks={desks} onChooseDesk={(id) => void navigate(`/desk?desk=${id}`)} />
      ) : (
        <p>{t('noDesk')}</p>
      )}
    </div>
  );
}
