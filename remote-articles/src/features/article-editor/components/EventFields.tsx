// Every Event field of spec section 3. The fields stay mounted (and validated) even when the
// article has no event; their rules apply only when it has one.
import Checkbox from 'antd/es/checkbox';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import type { FormInstance } from 'antd/es/form';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { EDITOR_PREFIX, NS } from '../i18n';
import { isHttpUrl } from 'contracts/rules/http-url';
import { isAmount, isCoordinatePair, isEventEndValid, isLatitude, isLongitude, LIMITS } from '../model/validation';
import { DateTimeField } from 'shared/fields';

type Check = (value: unknown, form: FormInstance) => boolean;

/** The event fields' rules: each applies only while the article has an event. */
function useEventRules() {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const field = (key: string) => t(`fields.${key}`);
  const when =
    (check: Check, message: string): Rule =>
    (instance) => ({
      validator: (_rule, value) =>
        !instance.getFieldValue('has_event') || check(value, instance as FormInstance)
          ? Promise.resolve()
          : Promise.reject(new Error(message)),
    });
  return {
    t,
    field,
    when,
    required: (key: string) => when((value) => String(value ?? '').trim() !== '', t('rules.required', { field: field(key) })),
    maxLength: (key: string, max: number) => when((value) => String(value ?? '').length <= max, t('rules.max', { field: field(key), max })),
    endRule: when((_value, instance) => {
      const event = instance.getFieldValue('event') as Record<string, string | boolean>;
      if (!event?.end_time_enabled) return true;
      return isEventEndValid(
        String(event.date ?? ''),
        String(event.start_time ?? ''),
        String(event.end_date ?? ''),
        String(event.end_time ?? ''),
      );
    }, t('rules.eventEnd')),
  };
}

/** Fields that decide whether the end is valid: it is checked again when any of them changes. */
const END_DEPENDENCIES = [
  ['has_event'],
  ['event', 'date'],
  ['event', 'start_time'],
  ['event', 'end_time_enabled'],
  ['event', 'end_date'],
  ['event', 'end_time'],
];

/** Date, start, and the optional end. */
function EventTimeFields({ off }: { off: boolean }) {
  const { field, required, endRule } = useEventRules();
  const form = Form.useFormInstance();
  const endEnabled = Form.useWatch(['event', 'end_time_enabled'], form) as boolean | undefined;
  const deps = END_DEPENDENCIES;
  return (
    <>
      <Row gutter={8}>
        <Col span={12}>
          <Form.Item name={['event', 'date']} label={field('eventDate')} dependencies={['has_event']} rules={[required('eventDate')]}>
            <DateTimeField kind="date" disabled={off} data-testid="event-date" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name={['event', 'start_time']} label={field('startTime')}>
            <DateTimeField kind="time" disabled={off} data-testid="event-start-time" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name={['event', 'end_time_enabled']} valuePropName="checked">
        <Checkbox disabled={off}>{field('endTimeEnabled')}</Checkbox>
      </Form.Item>
      <Row gutter={8} style={endEnabled ? undefined : { display: 'none' }}>
        <Col span={12}>
          <Form.Item name={['event', 'end_date']} label={field('endDate')} dependencies={deps} rules={[endRule]}>
            <DateTimeField kind="date" disabled={off || !endEnabled} data-testid="event-end-date" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name={['event', 'end_time']} label={field('endTime')} dependencies={deps}>
            <DateTimeField kind="time" disabled={off || !endEnabled} data-testid="event-end-time" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** Address and coordinates. */
function EventPlaceFields({ off }: { off: boolean }) {
  const { t, field, when, maxLength } = useEventRules();
  return (
    <>
      <Form.Item
        name={['event', 'address']}
        label={field('address')}
        dependencies={['has_event']}
        rules={[maxLength('address', LIMITS.address.max)]}
      >
        <Input disabled={off} />
      </Form.Item>
      <Row gutter={8}>
        <Col span={12}>
          <Form.Item
            name={['event', 'latitude']}
            label={field('latitude')}
            dependencies={['has_event', ['event', 'longitude']]}
            rules={[
              when((v) => isLatitude(v as string), t('rules.latitude')),
              when((v, f) => isCoordinatePair(v, f.getFieldValue(['event', 'longitude'])), t('rules.latLngPair')),
            ]}
          >
            <Input inputMode="decimal" disabled={off} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name={['event', 'longitude']}
            label={field('longitude')}
            dependencies={['has_event']}
            rules={[when((v) => isLongitude(v as string), t('rules.longitude'))]}
          >
            <Input inputMode="decimal" disabled={off} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** Attendee limit, tickets, whether the event is on, the payment address. */
function EventTicketFields({ off }: { off: boolean }) {
  const { t, field, when } = useEventRules();
  const form = Form.useFormInstance();
  const limited = Form.useWatch(['event', 'limit_number_of_attendees'], form) as boolean | undefined;
  return (
    <>
      <Form.Item name={['event', 'limit_number_of_attendees']} valuePropName="checked">
        <Checkbox disabled={off}>{field('limitAttendees')}</Checkbox>
      </Form.Item>
      <Form.Item
        name={['event', 'attendees_limit']}
        label={field('attendeesLimit')}
        hidden={!limited}
        dependencies={['has_event', ['event', 'limit_number_of_attendees']]}
        rules={[
          when((value, instance) => {
            if (!instance.getFieldValue(['event', 'limit_number_of_attendees'])) return true;
            return Number.isInteger(value) && (value as number) >= 1;
          }, t('rules.attendees')),
        ]}
      >
        <InputNumber min={1} precision={0} disabled={off || !limited} style={{ width: '100%' }} />
      </Form.Item>
      <Row gutter={8}>
        <Col span={12}>
          <Form.Item
            name={['event', 'ticket_cost']}
            label={field('ticketCost')}
            dependencies={['has_event']}
            rules={[when((v) => isAmount(v as string), t('rules.amount'))]}
          >
            <Input inputMode="decimal" disabled={off} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name={['event', 'currency']}
            label={field('currency')}
            dependencies={['has_event']}
            normalize={(value: string) => (value ?? '').toUpperCase()}
            rules={[when((v) => String(v ?? '') === '' || LIMITS.currency.pattern.test(String(v)), t('rules.currency'))]}
          >
            <Input maxLength={3} disabled={off} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name={['event', 'enabled']} valuePropName="checked">
        <Checkbox disabled={off}>{field('eventEnabled')}</Checkbox>
      </Form.Item>
      <Form.Item
        name={['event', 'custom_payment_url']}
        label={field('customPaymentUrl')}
        dependencies={['has_event']}
        rules={[when((v) => isHttpUrl(String(v ?? '').trim(), { allowBlank: true }), t('rules.url'))]}
      >
        <Input type="url" disabled={off} />
      </Form.Item>
    </>
  );
}

export function EventFields({ disabled = false }: { disabled?: boolean }) {
  const { field, required, maxLength } = useEventRules();
  const form = Form.useFormInstance();
  const hasEvent = Form.useWatch('has_event', form) as boolean | undefined;
  const off = disabled || !hasEvent;
  return (
    <div data-testid="editor-event">
      <Form.Item name="has_event" valuePropName="checked">
        <Checkbox disabled={disabled}>{field('hasEvent')}</Checkbox>
      </Form.Item>
      <div hidden={!hasEvent}>
        <Form.Item
          name={['event', 'venue']}
          label={field('venue')}
          dependencies={['has_event']}
          rules={[required('venue'), maxLength('venue', LIMITS.venue.max)]}
        >
          <Input disabled={off} />
        </Form.Item>
        <EventTimeFields off={off} />
        <EventPlaceFields off={off} />
        <EventTicketFields off={off} />
      </div>
    </div>
  );
}
