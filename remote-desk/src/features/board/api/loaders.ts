import type { Board, Desk } from 'contracts/schemas/desks';
import { fetchBoard, fetchDesks } from './deskApi';

export interface BoardData {
  desks: Desk[];
  /** The board of the desk chosen (`?desk=`, else the first); null when the user works on no desk. */
  board: Board | null;
}

/** The Board screen's data for its address. */
export async function loadBoard(url: string, signal?: AbortSignal): Promise<BoardData> {
  const desks = await fetchDesks(signal);
  const wanted = Number(new URL(url).searchParams.get('desk'));
  const desk = desks.find((each) => each.id === wanted) ?? desks[0];
  return { desks, board: desk ? await fetchBoard(desk.id, signal) : null };
}
