// Public face of the board feature (the app imports from here only).
import './i18n';

export { loadBoard, type BoardData } from './api/loaders';
export { BoardView } from './components/BoardView';
export { NS as DESK_NS } from './i18n';
