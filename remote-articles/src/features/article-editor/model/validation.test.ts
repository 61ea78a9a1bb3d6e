import { isAmount, isCoordinatePair, isEventEndValid, isLatitude, isLongitude, SAVE_BLOCK_MESSAGE, saveBlock } from './validation';
import { editorEn } from '../i18n';

describe('validation messages', () => {
  it('no image first, then any invalid field, else none', () => {
    expect(saveBlock(0, 0)).toBe('noImage');
    expect(saveBlock(0, 3)).toBe('noImage');
    expect(saveBlock(1, 1)).toBe('invalid');
    expect(saveBlock(2, 0)).toBeNull();
  });
  it('the messages are the spec text word for word', () => {
    const text = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], editorEn);
    expect(text(SAVE_BLOCK_MESSAGE.noImage)).toBe('Please add at least one image');
    expect(text(SAVE_BLOCK_MESSAGE.invalid)).toBe('Validation error - please check the article');
    expect(editorEn.messages.mainCategory).toBe('Please select a main category');
    expect(editorEn.messages.invalidResponse).toBe('Invalid response');
    expect(editorEn.messages.noAuthor).toBe('No author selected');
    expect(editorEn.messages.noImageResponse).toBe('No image response');
    expect(editorEn.messages.submitted).toBe('Article submitted');
    expect(editorEn.messages.authorUpdated).toBe('Author updated');
  });
});

describe('field rules', () => {
  it('latitude and longitude ranges', () => {
    expect(isLatitude('')).toBe(true);
    expect(isLatitude('-33.86')).toBe(true);
    expect(isLatitude('91')).toBe(false);
    expect(isLatitude('abc')).toBe(false);
    expect(isLongitude('151.2')).toBe(true);
    expect(isLongitude('-181')).toBe(false);
    expect(isLongitude(null)).toBe(true);
  });

  it('amounts', () => {
    expect(isAmount('')).toBe(true);
    expect(isAmount('10')).toBe(true);
    expect(isAmount('10.5')).toBe(true);
    expect(isAmount('10.555')).toBe(false);
    expect(isAmount('-1')).toBe(false);
  });

  it('event end not before start', () => {
    expect(isEventEndValid('2024-05-01', '10:00', '2024-05-01', '11:00')).toBe(true);
    expect(isEventEndValid('2024-05-01', '10:00', '2024-05-01', '09:00')).toBe(false);
    expect(isEventEndValid('2024-05-02', '', '2024-05-01', '')).toBe(false);
    expect(isEventEndValid('', '', '2024-05-01', '')).toBe(true);
    expect(isEventEndValid('2024-05-01', '10:00', '', '')).toBe(true);
  });
});

describe('coordinates', () => {
  it('both or neither', () => {
    expect(isCoordinatePair('', '')).toBe(true);
    expect(isCoordinatePair(null, undefined)).toBe(true);
    expect(isCoordinatePair('1', '2')).toBe(true);
    expect(isCoordinatePair('1', '')).toBe(false);
    expect(isCoordinatePair(' ', '2')).toBe(false);
  });
});
