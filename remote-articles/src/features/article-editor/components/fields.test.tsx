import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Form from 'antd/es/form';
import { useState } from 'react';
import * as shared from 'shared';
import { ApiError, setLanguage, toast } from 'shared';
import * as api from '../api/editorApi';
import type { Ad, AuthorRef, Video } from '../model/types';
import { AdsField, VideosField } from './AdsVideosFields';
import { AuthorsField } from './AuthorsField';
import { ImagesField } from './ImagesField';
import { LocationFields } from './LocationFields';
import type { ArticleImage } from '../model/types';
import '../i18n';

jest.setTimeout(60_000);
jest.mock('../api/editorApi');
const mocked = api as jest.Mocked<typeof api>;
// shared's lookup clients, answered per test.
jest.mock('shared', () => ({
  ...jest.requireActual('shared'),
  searchAuthors: jest.fn(),
  fetchAuthor: jest.fn(),
  createAuthor: jest.fn(),
  updateAuthor: jest.fn(),
  uploadImage: jest.fn(),
  fetchCountries: jest.fn(),
  fetchStates: jest.fn(),
}));
const lookups = shared as jest.Mocked<typeof shared>;

beforeEach(() => {
  jest.resetAllMocks();
  jest.spyOn(toast, 'error').mockImplementation(() => ({}) as never);
  jest.spyOn(toast, 'success').mockImplementation(() => ({}) as never);
});

/** A controlled field with its list in state, like Form.Item gives it. */
function Harness<T>({ initial, render: renderField }: { initial: T[]; render(value: T[], onChange: (v: T[]) => void): React.ReactNode }) {
  const [value, setValue] = useState(initial);
  return <>{renderField(value, setValue)}</>;
}

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('authors', () => {
  it('autocompletes from 3 characters only', async () => {
    lookups.searchAuthors.mockResolvedValue([{ id: 4, name: 'Ann Author' }]);
    render(<Harness<AuthorRef> initial={[]} render={(value, onChange) => <AuthorsField value={value} onChange={onChange} />} />);
    const input = screen.getByRole('combobox');
    type(input, 'an');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(lookups.searchAuthors).not.toHaveBeenCalled();
    type(input, 'ann');
    await waitFor(() => expect(lookups.searchAuthors).toHaveBeenCalledWith('ann', expect.anything()));
  });

  it('creating an author is ignored while another creation runs', async () => {
    let finish: (author: AuthorRef) => void = () => undefined;
    lookups.createAuthor.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    lookups.searchAuthors.mockResolvedValue([]);
    render(<Harness<AuthorRef> initial={[]} render={(value, onChange) => <AuthorsField value={value} onChange={onChange} />} />);
    type(screen.getByRole('combobox'), 'New Person');
    const create = screen.getByRole('button', { name: /Create author/ });
    fireEvent.click(create);
    fireEvent.click(create);
    fireEvent.click(create);
    expect(lookups.createAuthor).toHaveBeenCalledTimes(1);
    await act(async () => finish({ id: 12, name: 'New Person' }));
    expect(await screen.findByText('New Person')).toBeInTheDocument();
  });

  it('edits an author: "Author updated"', async () => {
    lookups.fetchAuthor.mockResolvedValue({ id: 4, name: 'Ann', position: 'Reporter', bio: '', image: '', version: 2 });
    lookups.updateAuthor.mockResolvedValue({ id: 4, name: 'Ann B' });
    render(
      <Harness<AuthorRef>
        initial={[{ id: 4, name: 'Ann' }]}
        render={(value, onChange) => <AuthorsField value={value} onChange={onChange} />}
      />,
    );
    fireEvent.click(screen.getByLabelText('Edit author Ann'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('Position')).toHaveValue('Reporter'));
    type(within(dialog).getByLabelText('Name'), 'Ann B');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Author updated'));
    expect(lookups.updateAuthor).toHaveBeenCalledWith(4, { name: 'Ann B', position: 'Reporter', bio: '', image: '', version: 2 });
    expect(await screen.findByText('Ann B')).toBeInTheDocument();
  });

  it('a stale author save (409) offers to reload their version or to overwrite it', async () => {
    lookups.fetchAuthor.mockResolvedValue({ id: 4, name: 'Ann', position: 'Reporter', bio: '', image: '', version: 2 });
    const theirs = { id: 4, name: 'Ann', position: 'Editor', bio: 'Their bio', image: '', version: 3 };
    const stale = new ApiError(
      'This author was changed by someone else after you opened it',
      409,
      409,
      {
        code: 409,
        message: '…',
        data: { error: 'author_stale_version', field: 'version', current: theirs },
      },
      { error: 'author_stale_version', field: 'version' },
    );
    lookups.updateAuthor.mockRejectedValueOnce(stale).mockRejectedValueOnce(stale).mockResolvedValue({ id: 4, name: 'Ann' });
    render(
      <Harness<AuthorRef>
        initial={[{ id: 4, name: 'Ann' }]}
        render={(value, onChange) => <AuthorsField value={value} onChange={onChange} />}
      />,
    );
    fireEvent.click(screen.getByLabelText('Edit author Ann'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('Position')).toHaveValue('Reporter'));
    type(within(dialog).getByLabelText('Position'), 'Mine');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Reload: their values in the dialog, no error toast.
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This author was changed by someone else after you opened it');
    expect(toast.error).not.toHaveBeenCalled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByLabelText('Position')).toHaveValue('Editor');
    expect(within(dialog).getByLabelText('Bio')).toHaveValue('Their bio');

    // Overwrite: mine saved with their version.
    type(within(dialog).getByLabelText('Position'), 'Mine again');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    fireEvent.click(within(await within(dialog).findByRole('alert')).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Author updated'));
    expect(lookups.updateAuthor).toHaveBeenLastCalledWith(4, {
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
    mocked.fetchAd.mockResolvedValue(ad(8));
    render(<Harness<Ad> initial={[ad(3)]} render={(value, onChange) => <AdsField value={value} onChange={onChange} />} />);
    const input = screen.getByLabelText('Ad ID');
    type(input, '3');
    fireEvent.click(screen.getByRole('button', { name: /Add ad/ }));
    expect(mocked.fetchAd).not.toHaveBeenCalled();
    type(input, 'x1');
    fireEvent.click(screen.getByRole('button', { name: /Add ad/ }));
    expect(toast.error).toHaveBeenCalledWith('An ad ID is a whole number');
    type(input, '8');
    fireEvent.click(screen.getByRole('button', { name: /Add ad/ }));
    expect(await screen.findByText(/Ad 8/)).toBeInTheDocument();
    expect(mocked.fetchAd).toHaveBeenCalledTimes(1);
  });

  it('a video response without an id: "Invalid response"', async () => {
    mocked.addVideo.mockRejectedValue(new ApiError('Invalid response', 500, 200));
    render(<Harness<Video> initial={[]} render={(value, onChange) => <VideosField value={value} onChange={onChange} />} />);
    type(screen.getByLabelText('Video ID or URL'), 'dQw4w9WgXcQ');
    fireEvent.click(screen.getByRole('button', { name: /Add video/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Invalid response'));
    expect(mocked.addVideo).toHaveBeenCalledWith('dQw4w9WgXcQ', '', 'Invalid response');
  });
});

describe('location', () => {
  function LocationForm({ initial }: { initial: { country_code: string; state_id: number | null } }) {
    const [form] = Form.useForm();
    return (
      <Form form={form} initialValues={initial}>
        <LocationFields />
        <output data-testid="values">
          <Form.Item shouldUpdate noStyle>
            {() => JSON.stringify({ country_code: form.getFieldValue('country_code'), state_id: form.getFieldValue('state_id') })}
          </Form.Item>
        </output>
      </Form>
    );
  }

  it("loads the country's states; a failing states call is ignored silently", async () => {
    lookups.fetchCountries.mockResolvedValue([
      { country_code: 'AU', country_name: 'Australia' },
      { country_code: 'DE', country_name: 'Germany' },
    ]);
    lookups.fetchStates.mockRejectedValueOnce(new ApiError('boom', 500, 500));
    render(<LocationForm initial={{ country_code: 'AU', state_id: 3 }} />);
    await waitFor(() => expect(lookups.fetchStates).toHaveBeenCalledWith('AU', expect.any(AbortSignal)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('names the chosen country in German (Intl.DisplayNames), the API sending English', async () => {
    lookups.fetchCountries.mockResolvedValue([
      { country_code: 'AU', country_name: 'Australia' },
      { country_code: 'DE', country_name: 'Germany' },
    ]);
    lookups.fetchStates.mockResolvedValue([]);
    await act(() => setLanguage('de'));
    try {
      render(<LocationForm initial={{ country_code: 'DE', state_id: null }} />);
      await waitFor(() => expect(document.querySelector('[data-testid="editor-country"]')?.textContent).toContain('Deutschland'));
      expect(document.querySelector('[data-testid="editor-country"]')?.textContent).not.toContain('Germany');
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('a blank country empties the state', async () => {
    lookups.fetchCountries.mockResolvedValue([{ country_code: 'AU', country_name: 'Australia' }]);
    lookups.fetchStates.mockResolvedValue([{ state_id: 3, state_name: 'New South Wales' }]);
    render(<LocationForm initial={{ country_code: 'AU', state_id: 3 }} />);
    await waitFor(() => expect(lookups.fetchStates).toHaveBeenCalledWith('AU', expect.any(AbortSignal)));
    // antd's clear icon of the country select
    const clear = document.querySelector('[data-testid="editor-country"] .ant-select-clear, .ant-select-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(screen.getByTestId('values')).toHaveTextContent('"country_code":"","state_id":null'));
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
    lookups.uploadImage.mockResolvedValueOnce({
      id: 5,
      file_name: 'a.png',
      file_thumbnail: '/t/5',
      url: '/i/5',
      thumb_url: '/t/5',
      description: 'Cap',
    });
    lookups.uploadImage.mockRejectedValueOnce(new ApiError('The file is not an image', 400, 400));
    render(<Images onMain={onMain} />);
    type(screen.getByLabelText('Image caption'), 'Cap');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findByTestId('editor-image-5')).toBeInTheDocument();
    expect(lookups.uploadImage).toHaveBeenCalledWith(expect.any(File), { caption: 'Cap' });
    expect(onMain).toHaveBeenCalledWith(5);
    // The upload control renders a fresh file input after each selection.
    const again = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(again, { target: { files: [new File(['<script>'], 'b.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('The file is not an image'));
    expect(onMain).toHaveBeenCalledTimes(1);
  });
});
