// What a person does before opening an article from a list row: hover (or focus) it, then press it.
// The hover loads the editor's code; the press starts the article's load (which takes the edit lock,
// so not on a mere hover), a tenth of a second before the click opens the editor.
import { loadEditorCode } from './components/LazyArticleEditor';
import { startArticleLoadOnPress } from './api/earlyArticleLoad';

/** The row's own controls (checkbox, toggles, the public link…) do not open the article. */
const CONTROLS = 'a, button, input, label, [role="switch"], [role="checkbox"], [role="button"]';

const preloadEditor = () => {
  loadEditorCode().catch(() => undefined); // the editor reports a failed load when it opens
};

/** Event handlers for a row whose click opens article `id` in the editor. */
export function openIntentHandlers(id: number) {
  return {
    onPointerEnter: preloadEditor,
    onFocus: preloadEditor,
    onPointerDown: (event: { button: number; target: EventTarget | null }) => {
      if (event.button !== 0 || (event.target instanceof Element && event.target.closest(CONTROLS))) return;
      startArticleLoadOnPress(id);
    },
  };
}
