import { Value } from 'typebox/value';
import { EventSchema } from './article';

const event = {
  venue: 'Hall',
  date: '2024-06-01',
  start_time: '18:00',
  end_time_enabled: 1,
  end_date: '2024-06-01',
  end_time: '20:00',
  address: 'Main St 1',
  latitude: -33.8,
  longitude: null,
  limit_number_of_attendees: 0,
  attendees_limit: null,
  ticket_cost: 12.5,
  currency: 'AUD',
  enabled: 1,
  custom_payment_url: '',
};

describe('article schemas', () => {
  it("the event's switches are 0 or 1 and its coordinates numbers or null", () => {
    expect(Value.Check(EventSchema, event)).toBe(true);
    expect(Value.Check(EventSchema, { ...event, enabled: 2 })).toBe(false);
    expect(Value.Check(EventSchema, { ...event, end_time_enabled: '1' })).toBe(false);
    expect(Value.Check(EventSchema, { ...event, latitude: '-33.8' })).toBe(false);
  });
});
