import { toFormBody } from 'shared';
import { articleToForm, emptyEvent, formToPayload, isTrue } from './formMapping';
import type { ArticleEdit } from './types';

const article = (patch: Partial<ArticleEdit> = {}): ArticleEdit => ({
  id: 7,
  title: 'Hello',
  date: '2024-05-01T10:00:00.000Z',
  catid: 10,
  state: 5,
  access: 2,
  featured: 0,
  newsletter: 1,
  text: '<p>Body</p>',
  introtext: '<p>Intro</p>',
  notes: 'n',
  main_image: null,
  images: [
    {
      id: 3,
      file_name: 'a.png',
      file_thumbnail: '/api/image/3/thumb',
      url: '/api/image/3',
      thumb_url: '/api/image/3/thumb',
      description: 'A',
    },
    {
      id: 4,
      file_name: 'b.png',
      file_thumbnail: '/api/image/4/thumb',
      url: '/api/image/4',
      thumb_url: '/api/image/4/thumb',
      description: 'B',
    },
  ],
  references_at_source: '1',
  use_source_link: '0',
  videos_at_source: '1',
  reference_source: 'Wire',
  reference_date: '1970-01-01',
  reference_url: 'https://wire.test/x',
  topics: [10, 11],
  tags: [{ id: 1, title: 'Sport' }],
  event: {
    venue: 'Hall',
    date: '2024-06-01',
    start_time: '18:00:00',
    end_time_enabled: 1,
    end_date: '2024-06-01',
    end_time: '20:00:00',
    address: 'Main St 1',
    latitude: -33.8,
    longitude: 151.2,
    limit_number_of_attendees: 1,
    attendees_limit: 50,
    ticket_cost: 12.5,
    currency: 'AUD',
    enabled: 1,
    custom_payment_url: '',
  },
  location: { country_code: 'AU', state_id: 3 },
  publish_up: '2024-05-02 08:00:00',
  publish_down: '0000-00-00 00:00:00',
  authors: [{ id: 2, name: 'Ann' }],
  main_category_id: 10,
  ads: [{ id: 5, subject: 'S', body: 'B', image: 'i', image_url: 'u' }],
  videos: [{ id: 6, videoId: 'abc', title: 'V' }],
  version: 4,
  submitter: 'Ann',
  created_by: 2,
  url: '',
  ...patch,
});

describe('form ↔ payload mapping', () => {
  it("'1' strings are true", () => {
    expect([isTrue('1'), isTrue(1), isTrue(true), isTrue('true')]).toEqual([true, true, true, true]);
    expect([isTrue('0'), isTrue(0), isTrue(''), isTrue(null), isTrue(undefined)]).toEqual([false, false, false, false, false]);
  });

  it('maps the loaded article to form values', () => {
    const form = articleToForm(article(), [11, 10, 11]);
    expect(form.topics).toEqual([11, 10]);
    expect(form.main_image).toBe(3); // first image becomes main
    expect(form.reference_date).toBe(''); // placeholder
    expect(form.publish_up).toBe('2024-05-02T08:00');
    expect(form.publish_down).toBe('');
    expect(form.references_at_source).toBe(true);
    expect(form.use_source_link).toBe(false);
    expect(form.newsletter).toBe(true);
    expect(form.has_event).toBe(true);
    expect(form.event).toMatchObject({ start_time: '18:00', end_time: '20:00', attendees_limit: 50, longitude: '151.2', enabled: true });
    expect(form.country_code).toBe('AU');
    expect(form.state_id).toBe(3);
  });

  it('a new article (no event, no location) gets empty defaults', () => {
    const form = articleToForm(article({ id: 0, event: null, location: null, images: [], topics: [] }));
    expect(form.has_event).toBe(false);
    expect(form.event).toEqual(emptyEvent());
    expect(form.country_code).toBe('');
    expect(form.state_id).toBeNull();
    expect(form.main_image).toBeNull();
    expect(form.topics).toEqual([]);
  });

  it('sends the full form, lists as repeated keys of JSON objects', () => {
    const payload = formToPayload(articleToForm(article(), [10, 11]));
    const body = new URLSearchParams(toFormBody(payload).toString());
    expect(body.get('id')).toBe('7');
    expect(body.get('version')).toBe('4');
    expect(body.getAll('topics')).toEqual(['10', '11']);
    expect(body.get('main_image')).toBe('3');
    expect(body.getAll('images').map((i) => JSON.parse(i))).toEqual([
      { id: 3, description: 'A' },
      { id: 4, description: 'B' },
    ]);
    expect(body.getAll('tags').map((i) => JSON.parse(i))).toEqual([{ id: 1, title: 'Sport' }]);
    expect(body.getAll('authors').map((i) => JSON.parse(i))).toEqual([{ id: 2, name: 'Ann' }]);
    expect(body.getAll('videos').map((i) => JSON.parse(i))).toEqual([{ id: 6, videoId: 'abc', title: 'V' }]);
    expect(body.getAll('ads')).toHaveLength(1);
    expect(JSON.parse(body.get('event')!)).toMatchObject({ venue: 'Hall', end_time_enabled: '1', attendees_limit: 50, enabled: '1' });
    expect(JSON.parse(body.get('location')!)).toEqual({ country_code: 'AU', state_id: 3 });
    expect(body.get('references_at_source')).toBe('1');
    expect(body.get('use_source_link')).toBe('0');
    expect(body.get('reference_date')).toBe('');
    expect(body.get('publish_up')).toBe('2024-05-02 08:00:00');
    expect(body.get('publish_down')).toBe('');
    expect(body.get('copy')).toBeNull();
  });

  it('round trip keeps every field', () => {
    const form = articleToForm(article());
    const again = articleToForm({
      ...article(),
      ...{ publish_up: formToPayload(form).publish_up as string },
    });
    expect(again).toEqual(form);
  });

  it('duplicate sets copy=1; no event / no country go as null', () => {
    const form = { ...articleToForm(article()), has_event: false, country_code: '' };
    const payload = formToPayload(form, { copy: true });
    expect(payload.copy).toBe('1');
    expect(payload.event).toBe('null');
    expect(payload.location).toBe('null');
  });

  it('an event without an end or a limit drops them', () => {
    const form = articleToForm(article());
    form.event.end_time_enabled = false;
    form.event.limit_number_of_attendees = false;
    const event = JSON.parse(formToPayload(form).event as string);
    expect(event).toMatchObject({
      end_time_enabled: '0',
      end_date: '',
      end_time: '',
      limit_number_of_attendees: '0',
      attendees_limit: null,
    });
  });

  it('a removed main image falls back to the first one', () => {
    const form = { ...articleToForm(article({ main_image: 4 })) };
    expect(form.main_image).toBe(4);
    form.images = form.images.filter((image) => image.id !== 4);
    expect(formToPayload(form).main_image).toBe(3);
    form.images = [];
    expect(formToPayload(form).main_image).toBe('');
  });
});
