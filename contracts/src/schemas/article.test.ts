import { Value } from 'typebox/value';
import { articleEvent } from '../testing/fixtures';
import { EventSchema } from './article';

const event = articleEvent();

describe('article schemas', () => {
  it("the event's switches are 0 or 1 and its coordinates numbers or null", () => {
    expect(Value.Check(EventSchema, event)).toBe(true);
    expect(Value.Check(EventSchema, { ...event, enabled: 2 })).toBe(false);
    expect(Value.Check(EventSchema, { ...event, end_time_enabled: '1' })).toBe(false);
    expect(Value.Check(EventSchema, { ...event, latitude: '-33.8' })).toBe(false);
  });
});
