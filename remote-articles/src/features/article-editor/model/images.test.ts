import { effectiveMainImage, fromUpload, setCaption } from './images';

const img = (id: number) => ({ id, file_name: `${id}.png`, url: `/i/${id}`, thumb_url: `/t/${id}`, description: '' });

describe('first image as main', () => {
  it('the first image becomes the main image when none is chosen', () => {
    expect(effectiveMainImage([img(4), img(5)], null)).toBe(4);
    expect(effectiveMainImage([img(4), img(5)], undefined)).toBe(4);
  });
  it('a chosen image on the article stays main', () => {
    expect(effectiveMainImage([img(4), img(5)], 5)).toBe(5);
  });
  it('a chosen image that was removed falls back to the first', () => {
    expect(effectiveMainImage([img(4)], 5)).toBe(4);
  });
  it('no images, no main image', () => {
    expect(effectiveMainImage([], 5)).toBeNull();
    expect(effectiveMainImage([], null)).toBeNull();
  });
  it('maps an upload and sets captions', () => {
    expect(fromUpload({ id: 9, file_name: 'a.png', file_thumbnail: '/t/9', url: '/i/9', thumb_url: '', description: 'cap' })).toEqual({
      id: 9,
      file_name: 'a.png',
      url: '/i/9',
      thumb_url: '/t/9',
      description: 'cap',
    });
    expect(setCaption([img(1), img(2)], 2, 'x').map((i) => i.description)).toEqual(['', 'x']);
  });
});
