import type { Operation } from './billing';
import { meteredUsage } from './billing';
import { invalidRequest, noSuch } from './errors';
import type { Meter, MeterEvent, PaymentsData } from './model';
import type { Params } from './params';

import { allowOnly, hash, int, str } from './params';

/** The meter the api's excess orders are reported to (event name `cloud_pos_excess_orders`). */
export const EXCESS_ORDERS_METER: Omit<Meter, 'created'> = {
  id: 'mtr_cloud_pos_excess_orders',
  object: 'billing.meter',
  display_name: 'Cloud POS excess orders',
  event_name: 'cloud_pos_excess_orders',
  status: 'active',
  customer_mapping: { event_payload_key: 'stripe_customer_id', type: 'by_id' },
  default_aggregation: { formula: 'sum' },
  value_settings: { event_payload_key: 'value' },
  livemode: false,
};

/** Events may be dated up to 35 days back and 5 minutes ahead (Stripe's window). */
const PAST_WINDOW_S = 35 * 86_400;
const FUTURE_WINDOW_S = 300;

function meterOf(data: PaymentsData, id: string): Meter {
  const meter = data.meters[id];
  if (!meter) throw noSuch('billing.meter', id);
  return meter;
}

/**
 * `POST /v1/billing/meter_events`: checks the event against its meter as Stripe does (an
 * active meter with that event name, the customer and a numeric value in the payload keys the
 * meter names, a timestamp within the window) and stores it once per `identifier`: a repeated
 * identifier is refused with `resource_already_exists` and counted once.
 */
export function createMeterEvent(op: Operation, params: Params): MeterEvent {
  allowOnly(params, ['event_name', 'payload', 'identifier', 'timestamp']);
  const eventName = str(params, 'event_name', true);
  const payload = hash(params, 'payload');
  if (!payload) throw invalidRequest('Missing required param: payload.', 'payload');
  const meter = Object.values(op.data.meters).find(
    (m) => m.event_name === eventName && m.status === 'active',
  );
  if (!meter) {
    throw invalidRequest(`No active meter was found with event_name ${eventName}.`, 'event_name');
  }
  const customerKey = meter.customer_mapping.event_payload_key;
  const valueKey = meter.value_settings.event_payload_key;
  const customer = str(payload, customerKey, true, `payload[${customerKey}]`);
  if (!op.data.customers[customer]) throw noSuch('customer', customer, `payload[${customerKey}]`);
  const value = str(payload, valueKey, true, `payload[${valueKey}]`);
  if (!/^\d+(\.\d+)?$/.test(value)) {
    throw invalidRequest(
      `The value in payload[${valueKey}] must be a non-negative number.`,
      `payload[${valueKey}]`,
    );
  }
  const timestamp = int(params, 'timestamp') ?? op.now;
  if (timestamp < op.now - PAST_WINDOW_S || timestamp > op.now + FUTURE_WINDOW_S) {
    throw invalidRequest(
      'The timestamp must be within the past 35 calendar days or up to 5 minutes in the future.',
      'timestamp',
    );
  }
  const identifier =
    str(params, 'identifier') ?? `mev_${op.now}_${Object.keys(op.data.meterEvents).length + 1}`;
  if (identifier.length > 100) {
    throw invalidRequest('The identifier must be at most 100 characters long.', 'identifier');
  }
  if (op.data.meterEvents[identifier]) {
    throw invalidRequest(
      `An event with identifier ${identifier} already exists.`,
      'identifier',
      'resource_already_exists',
    );
  }
  const event: MeterEvent = {
    object: 'billing.meter_event',
    created: op.now,
    event_name: eventName,
    identifier,
    livemode: false,
    payload: { [customerKey]: customer, [valueKey]: value },
    timestamp,
  };
  op.data.meterEvents[identifier] = event;
  return event;
}

/** `GET /v1/billing/meters/:id`. */
export function getMeter(data: PaymentsData, id: string): Meter {
  return meterOf(data, id);
}

/**
 * `GET /v1/billing/meters/:id/event_summaries?customer&start_time&end_time`: the sum of the
 * customer's event values in [start_time, end_time), as one summary (Stripe's summary without
 * `value_grouping_window`).
 */
export function meterEventSummaries(data: PaymentsData, id: string, params: Params) {
  allowOnly(params, ['customer', 'start_time', 'end_time', 'limit']);
  const meter = meterOf(data, id);
  const customer = str(params, 'customer', true);
  const start = int(params, 'start_time', { required: true, min: 0 }) ?? 0;
  const end = int(params, 'end_time', { required: true, min: 0 }) ?? 0;
  if (end <= start) throw invalidRequest('end_time must be after start_time.', 'end_time');
  const total = meteredUsage(data, meter.id, customer, start, end);
  return {
    object: 'list',
    url: `/v1/billing/meters/${meter.id}/event_summaries`,
    has_more: false,
    data: [
      {
        id: `mtrusg_${meter.id}_${customer}_${start}`,
        object: 'billing.meter_event_summary',
        aggregated_value: total,
        end_time: end,
        livemode: false,
        meter: meter.id,
        start_time: start,
      },
    ],
  };
}
