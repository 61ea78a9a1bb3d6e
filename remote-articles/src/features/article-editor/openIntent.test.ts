import { openIntentHandlers } from './openIntent';
import { startArticleLoadOnPress } from './api/earlyArticleLoad';
import { loadEditorCode } from './components/LazyArticleEditor';

jest.mock('./api/earlyArticleLoad');
jest.mock('./components/LazyArticleEditor');
const pressMock = startArticleLoadOnPress as jest.MockedFunction<typeof startArticleLoadOnPress>;
const codeMock = loadEditorCode as jest.MockedFunction<typeof loadEditorCode>;

function rowWith(html: string): HTMLElement {
  const row = document.createElement('tr');
  row.innerHTML = html;
  return row;
}

beforeEach(() => {
  pressMock.mockReset();
  codeMock.mockReset().mockResolvedValue((() => null) as never);
});

describe('the intent to open an article from its row', () => {
  it('hover and focus load the editor code; they load no article (that takes its lock)', () => {
    const handlers = openIntentHandlers(5);
    handlers.onPointerEnter();
    handlers.onFocus();
    expect(codeMock).toHaveBeenCalledTimes(2);
    expect(pressMock).not.toHaveBeenCalled();
  });

  it('a primary press on the row starts loading the article', () => {
    const cell = rowWith('<td>Title</td>').querySelector('td')!;
    openIntentHandlers(5).onPointerDown({ button: 0, target: cell });
    expect(pressMock).toHaveBeenCalledWith(5);
  });

  it("a press on one of the row's controls, or with another button, does not", () => {
    const row = rowWith('<td><a href="#">public</a></td><td><button><span>delete</span></button></td><td><input type="checkbox"></td>');
    const handlers = openIntentHandlers(5);
    for (const target of [row.querySelector('a'), row.querySelector('span'), row.querySelector('input')]) {
      handlers.onPointerDown({ button: 0, target });
    }
    handlers.onPointerDown({ button: 2, target: row.querySelector('td') });
    expect(pressMock).not.toHaveBeenCalled();
  });
});
