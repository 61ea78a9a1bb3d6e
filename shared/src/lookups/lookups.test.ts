// The shared lookup clients against a stub server (the requests they send, what they resolve).
import { ApiError } from '../http/ApiError';
import { fail, ok, setupStub, type StubServer } from '../test/stubServer';
import { createTag, fetchCategoryTree, fetchCountries, fetchStates, searchAuthors, uploadImage } from '.';

let server: StubServer;
beforeEach(() => {
  server = setupStub();
});

const upload = {
  id: 5,
  file_name: 'a.jpg',
  file_thumbnail: '/api/image/5/thumb',
  url: '/api/image/5',
  thumb_url: '/api/image/5/thumb',
  description: 'Harbour',
};

describe('lookups (spec section 7)', () => {
  it('the category tree, with disabled categories only when asked; not a list is empty', async () => {
    server.on('get', '/api/categories/tree', ok([{ id: 8, title: 'Portal', subcategories: [] }]));
    await expect(fetchCategoryTree()).resolves.toEqual([{ id: 8, title: 'Portal', subcategories: [] }]);
    await fetchCategoryTree({ includeDisabled: true });
    expect(server.callsTo('get', '/api/categories/tree').map((call) => call.params)).toEqual([undefined, { includeDisabled: '1' }]);
    server.on('get', '/api/categories/tree', ok(null));
    await expect(fetchCategoryTree()).resolves.toEqual([]);
  });

  it('a tag: POSTs the trimmed text as a form value and picks the tag with that title', async () => {
    server.on(
      'post',
      '/api/tag',
      ok([
        { id: 1, title: 'Other' },
        { id: 2, title: 'Sport' },
      ]),
    );
    await expect(createTag(' sport ')).resolves.toEqual({ id: 2, title: 'Sport' });
    expect(server.calls[0]!.data).toBe('value=sport');
    server.on('post', '/api/tag', ok([]));
    await expect(createTag('x')).resolves.toBeNull();
  });

  it('uploads one file as multipart "file" with its caption as "description"', async () => {
    server.on('post', '/api/image', ok([{ upload }]));
    await expect(uploadImage(new File(['x'], 'a.jpg'), { caption: ' Harbour ' })).resolves.toEqual(upload);
    const body = server.calls[0]!.data as FormData;
    expect((body.get('file') as File).name).toBe('a.jpg');
    expect(body.get('description')).toBe('Harbour');
    await uploadImage(new File(['y'], 'b.jpg'));
    expect((server.calls[1]!.data as FormData).has('description')).toBe(false);
  });

  it('two uploads at once both go (a multipart body is never shared with another call)', async () => {
    server.on('post', '/api/image', ok([{ upload }]));
    await Promise.all([uploadImage(new File(['x'], 'a.jpg')), uploadImage(new File(['y'], 'b.jpg'))]);
    expect(server.callsTo('post', '/api/image')).toHaveLength(2);
  });

  it('an upload answer without an image: "No image response"; a refused upload: the server\'s text', async () => {
    server.on('post', '/api/image', ok([{}]));
    await expect(uploadImage(new File(['x'], 'a.jpg'))).rejects.toEqual(expect.objectContaining({ message: 'No image response' }));
    server.on('post', '/api/image', fail(400, 'The file is not an image', 400));
    const error = await uploadImage(new File(['x'], 'a.jpg')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The file is not an image');
  });

  it('countries, states of a country, author suggestions', async () => {
    server.on('get', '/api/v2/locations/countries', ok([{ country_code: 'AU', country_name: 'Australia' }]));
    server.on('get', '/api/locations/states/AU', ok([{ state_id: 3, state_name: 'New South Wales' }]));
    server.on('get', '/api/v2/authors', ok([{ id: 4, name: 'Ann' }]));
    await expect(fetchCountries()).resolves.toEqual([{ country_code: 'AU', country_name: 'Australia' }]);
    await expect(fetchStates('AU')).resolves.toEqual([{ state_id: 3, state_name: 'New South Wales' }]);
    await expect(searchAuthors('ann')).resolves.toEqual([{ id: 4, name: 'Ann' }]);
    expect(server.callsTo('get', '/api/v2/authors')[0]!.params).toEqual({ term: 'ann' });
  });
});
