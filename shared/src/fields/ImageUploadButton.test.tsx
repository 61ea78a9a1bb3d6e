// The image upload: the request sent (one file, with the caption), what the form gets, the error shown.
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'shared';
import { ok, setupStub, type StubServer } from '../test/stubServer';
import { ImageUploadButton } from './ImageUploadButton';

let server: StubServer;
let shown: string[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(() => {
  server = setupStub();
  shown = [];
  unsubscribe = toast.subscribe((event) => shown.push(event.message));
});
afterEach(() => unsubscribe());

const upload = {
  id: 5,
  file_name: 'a.png',
  file_thumbnail: '/api/image/5/thumb',
  url: '/api/image/5',
  thumb_url: '/api/image/5/thumb',
  description: 'Harbour',
};

function setup(caption: string | (() => string)) {
  const onUploaded = jest.fn();
  const { container } = render(<ImageUploadButton caption={caption} onUploaded={onUploaded} label="Select image" />);
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  return { onUploaded, input };
}

describe('ImageUploadButton', () => {
  it('sends one file with the caption read when the file is chosen; the form gets the uploaded image', async () => {
    server.on('post', '/api/image', ok([{ upload }]));
    let caption = 'typed before';
    const { onUploaded, input } = setup(() => caption);
    expect(input).not.toHaveAttribute('multiple');
    caption = 'Harbour';
    await userEvent.upload(input, new File(['x'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(upload));
    const body = server.callsTo('post', '/api/image')[0]!.data as FormData;
    expect(body.get('description')).toBe('Harbour');
    expect((body.get('file') as File).name).toBe('a.png');
  });

  it('an answer without an image: "No image response" as an error toast, nothing uploaded', async () => {
    server.on('post', '/api/image', ok([{}]));
    const { onUploaded, input } = setup('');
    await userEvent.upload(input, new File(['x'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(shown).toEqual(['No image response']));
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
