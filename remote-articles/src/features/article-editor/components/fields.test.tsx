import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { toast, type ToastEvent } from 'shared';
import { signIn } from 'shared/test/fixtures';
import { deferred, fail, ok, setupStub, type StubReply, type StubServer } from 'shared/test/stubServer';
import type { Ad, AuthorRef, Video } from '../model/types';
import { AdsField, VideosField } from './AdsVideosFields';
import { AuthorsField } from './AuthorsField';
import { ImagesField } from './ImagesField';
import type { ArticleImage } from '../model/types';
import '../i18n';

jest.setTimeout(60_000);

// The editor's fields against the stub server (the lookups and the editor's API answered at the network).
let server: StubServer;
let toasts: ToastEvent[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(async () => {
  server = setupStub();
  await signIn(server);
  toasts = [];
  unsubscribe = toast.subscribe((event) => toasts.push(event));
});
afterEach(() => unsubscribe());

const toastsOf = (type: ToastEvent['type']) => toasts.filter((event) => event.type === type).map((event) => event.message);
const calls = (method: string, path: string) => server.callsTo(method, path);
/** The form fields of a form-encoded call. */
const formOf = (call: { data?: unknown } | undefined) => Object.fromEntries(new URLSearchParams(String(call?.data)));
const jsonOf = (call: { data?: unknown } | undefined) => JSON.parse(String(call?.data)) as unknown;

/** A controlled field with its list in state, like Form.Item gives it. */
function Harness<T>({ initial, render: renderField }: { initial: T[]; render(value: T[], onChange: (v: T[]) => void): React.ReactNode }) {
  const [value, setValue] = useState(initial);
  return <>{renderField(value, setValue)}</>;
}

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('authors', () => {
  /** The field with author Ann (4), her edit dialog open once her stored values are in. */
  async function editAnn(): Promise<HTMLElement> {
    server.on('get', '/api/author/4', ok({ id: 4, name: 'Ann', position: 'Reporter', bio: '', image: '', version: 2 }));
    render(
      <Harness<AuthorRef>
        initial={[{ id: 4, name: 'Ann' }]}
        render={(value, onChange) => <AuthorsField value={value} onChange={onChange} />}
      />,
    );
    fireEvent.click(screen.getByLabelText('Edit author Ann'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('Position')).toHaveValue('Reporter'));
    return dialog;
  }

  it('autocompletes from 3 characters only', async () => {
    server.on('get', '/api/v2/authors', ok([{ id: 4, name: 'Ann Author' }]));
    jest.useFakeTimers();
    try {
      render(<Harness<AuthorRef> initial={[]} render={(value, onChange) => <AuthorsField value={value} onChange={onChange} />} />);
      const input = screen.getByRole('combobox');
      type(input, 'an');
      // Past any pause the autocomplete waits: two characters never ask.
      act(() => jest.advanceTimersByTime(5_000));
      expect(calls('get', '/api/v2/authors')).toHaveLength(0);
      type(input, 'ann');
      act(() => jest.advanceTimersByTime(5_000));
      await waitFor(() => expect(calls('get', '/api/v2/authors').map((call) => call.params)).toEqual([{ term: 'ann' }]));
    } finally {
      jest.useRealTimers();
    }
  });

  it('creating an author is ignored while another creation runs', async () => {
    const created = deferred<StubReply>();
    server.on('post', '/api/author/newAuthor', () => created.promise).on('get', '/api/v2/authors', ok([]));
    render(<Harness<AuthorRef> initial={[]} render={(value, onChange) => <AuthorsField value={value} onChange={onChange} />} />);
    type(screen.getByRole('combobox'), 'New Person');
    const create = screen.getByRole('button', { name: /Create author/ });
    fireEvent.click(create);
    fireEvent.click(create);
    fireEvent.click(create);
    await waitFor(() => expect(calls('post', '/api/author/newAuthor')).toHaveLength(1));
    await act(async () => created.resolve(ok({ id: 12, name: 'New Person' })));
    expect(await screen.findByText('New Person')).toBeInTheDocument();
    expect(calls('post', '/api/author/newAuthor').map(formOf)).toEqual([{ name: 'New Person' }]);
  });

  it('edits an author: "Author updated"', async () => {
    server.on('post', '/api/author/4', ok({ id: 4, name: 'Ann B' }));
    const dialog = await editAnn();
    type(within(dialog).getByLabelText('Name'), 'Ann B');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastsOf('success')).toContain('Author updated'));
    expect(calls('post', '/api/author/4').map(jsonOf)).toEqual([{ name: 'Ann B', position: 'Reporter', bio: '', image: '', version: 2 }]);
    expect(await screen.findByText('Ann B')).toBeInTheDocument();
  });

  it('a stale author save (409) offers to reload their version or to overwrite it', async () => {
    const theirs = { id: 4, name: 'Ann', position: 'Editor', bio: 'Their bio', image: '', version: 3 };
    const stale: StubReply = {
      status: 409,
      data: {
        code: 409,
        message: 'This author was changed by someone else after you opened it',
        data: { error: 'author_stale_version', field: 'version', current: theirs },
      },
    };
    // Stale twice (the save, then the save after Reload with "mine" still older), then saved.
    let saves = 0;
    server.on('post', '/api/author/4', () => (++saves <= 2 ? stale : ok({ id: 4, name: 'Ann' })));
    const dialog = await editAnn();
    type(within(dialog).getByLabelText('Position'), 'Mine');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Reload: their values in the dialog, no error toast.
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This author was changed by someone else after you opened it');
    expect(toastsOf('error')).toEqual([]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByLabelText('Position')).toHaveValue('Editor');
    expect(within(dialog).getByLabelText('Bio')).toHaveValue('Their bio');

    // Overwrite: mine saved with their version.
    type(within(dialog).getByLabelText('Position'), 'Mine again');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    fireEvent.click(within(await within(dialog).findByRole('alert')).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(toastsOf('success')).toContain('Author updated'));
    expect(jsonOf(calls('post', '/api/author/4').at(-1))).toEqual({
      name: 'Ann',
      position: 'Mine again',
      bio: 'Their bio',
      image: '',
      version: 3,
    });
  });
});

describe('ads and videos', () => {
  it('adds an ad by numeric id, fetched only when not already on the article', async () => {
    const ad = (id: number): Ad => ({ id, subject: `Ad ${id}`, body: '', image: '', image_url: '' });
    server.on('get', '/api/v2/portal/ads/8', ok(ad(8)));
    render(<Harness<Ad> initial={[ad(3)]} render={(value, onChange) => <AdsField value={value} onChange={onChange} />} />);
    const input = screen.getByLabelText('Ad ID');
    type(input, '3');
    fireEvent.click(screen.getByRole('button', { name: /Add ad/ }));
    // Already on the article: nothing is fetched.
    expect(server.calls.filter((call) => call.url?.startsWith('/api/v2/portal/ads/'))).toHaveLength(0);
    type(input, 'x1');
    fireEvent.click(screen.getByRole('button', { name: /Add ad/ }));
    expect(toastsOf('error')).toEqual(['An ad ID is a whole number']);
    type(input, '8');
    fireEvent.click(screen.getByRole('button', { name: /Add ad/ }));
    expect(await screen.findByText(/Ad 8/)).toBeInTheDocument();
    expect(server.calls.filter((call) => call.url?.startsWith('/api/v2/portal/ads/'))).toHaveLength(1);
  });

  it('a video response without an id: "Invalid response"', async () => {
    server.on('post', '/api/image/video', ok({ videoId: 'dQw4w9WgXcQ' }));
    render(<Harness<Video> initial={[]} render={(value, onChange) => <VideosField value={value} onChange={onChange} />} />);
    type(screen.getByLabelText('Video ID or URL'), 'dQw4w9WgXcQ');
    fireEvent.click(screen.getByRole('button', { name: /Add video/ }));
    await waitFor(() => expect(toastsOf('error')).toEqual(['Invalid response']));
    expect(calls('post', '/api/image/video').map(formOf)).toEqual([{ videoId: 'dQw4w9WgXcQ', title: '' }]);
  });
});

describe('images', () => {
  function Images({ onMain }: { onMain(id: number | null): void }) {
    const [main, setMain] = useState<number | null>(null);
    return (
      <Harness<ArticleImage>
        initial={[]}
        render={(value, onChange) => (
          <ImagesField
            value={value}
            onChange={onChange}
            mainImage={main}
            onMainImageChange={(id) => {
              setMain(id);
              onMain(id);
            }}
          />
        )}
      />
    );
  }

  it('uploads with the caption; the first image becomes the main image; a failure is a toast', async () => {
    const onMain = jest.fn();
    const upload = { id: 5, file_name: 'a.png', file_thumbnail: '/t/5', url: '/i/5', thumb_url: '/t/5', description: 'Cap' };
    let uploads = 0;
    server.on('post', '/api/image', () => (++uploads === 1 ? ok([{ upload }]) : fail(400, 'The file is not an image')));
    render(<Images onMain={onMain} />);
    type(screen.getByLabelText('Image caption'), 'Cap');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findByTestId('editor-image-5')).toBeInTheDocument();
    const sent = calls('post', '/api/image')[0]?.data as FormData;
    expect([(sent.get('file') as File).name, sent.get('description')]).toEqual(['a.png', 'Cap']);
    expect(onMain).toHaveBeenCalledWith(5);
    // The upload control renders a fresh file input after each selection.
    const again = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(again, { target: { files: [new File(['<script>'], 'b.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(toastsOf('error')).toEqual(['The file is not an image']));
    expect(onMain).toHaveBeenCalledTimes(1);
  });
});
