/**
 * The delivery worker: takes due deliveries (repository `claim`, once across processes), signs each
 * with the Standard Webhooks scheme (webhook-id, webhook-timestamp, webhook-signature; the
 * `standardwebhooks` package) and posts it. A 2xx answer is a delivery; anything else is tried again
 * after an exponential backoff until 24 hours have passed. Targets pass the importer's SSRF guard:
 * private and loopback addresses are refused at connect time (IMPORT_ALLOW_PRIVATE_HOSTS lifts it).
 */
import net from 'node:net';
import { Webhook as Signer } from 'standardwebhooks';
import { Agent, request } from 'undici';
import { chatMessage, isDelivered, retryDelaySeconds } from 'contracts/rules/webhooks';
import type { DbRoot } from '../db/schema';
import { guardedLookup } from '../import/engine/fetch';
import { isAddressAllowed, refusedAddressParams, type AddressPolicy } from '../lib/address-guard';
import { webhooksRepository, type AttemptResult, type ClaimedDelivery } from '../repositories/webhooks';

/** How long one post may take; the claim's lease is longer, so a slow receiver is not sent to twice. */
export const SEND_TIMEOUT_MS = 10_000;
const LEASE_SECONDS = 60;
/** Deliveries one tick claims (and sends side by side). */
const BATCH = 50;

/** The body a delivery posts: the Standard Webhooks event, or the chat preset's message. */
export function deliveryBody(delivery: Pick<ClaimedDelivery, 'type' | 'payload' | 'createdAt' | 'format'>): string {
  if (delivery.format === 'slack') return JSON.stringify(chatMessage(delivery.type, delivery.payload));
  return JSON.stringify({ type: delivery.type, timestamp: delivery.createdAt.toISOString(), data: delivery.payload });
}

/** webhook-id: the event's, the same on every try (a receiver drops repeats by it). */
export function messageId(eventId: number): string {
  return `msg_${eventId}`;
}

function refusal(where: string, range: string): string {
  return `Refused to send to ${where}: ${range} addresses are not allowed for webhooks`;
}

function describe(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if ((current as Error).name === 'RefusedAddress') {
      const params = (current as { params?: { where: string; range: string } }).params;
      return params ? refusal(params.where, params.range) : (current as Error).message;
    }
    current = (current as { cause?: unknown }).cause;
  }
  const code = (error as { code?: string }).code;
  return code ? `${code}: ${(error as Error).message}` : (error as Error).message || String(error);
}

export interface Sender {
  send(delivery: ClaimedDelivery): Promise<AttemptResult>;
  close(): Promise<void>;
}

/** Posts signed deliveries through one connection pool whose connections pass the SSRF guard. */
export function webhookSender(policy: AddressPolicy): Sender {
  const agent = new Agent({
    connect: { timeout: SEND_TIMEOUT_MS, lookup: guardedLookup(policy) } as never,
    headersTimeout: SEND_TIMEOUT_MS,
    bodyTimeout: SEND_TIMEOUT_MS,
  });
  return {
    async send(delivery) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      try {
        const url = new URL(delivery.url);
        const host = url.hostname.replace(/^\[|\]$/g, '');
        if (net.isIP(host) && !isAddressAllowed(host, policy)) {
          const { where, range } = refusedAddressParams(host, host);
          return { statusCode: null, responseMs: elapsed(), error: refusal(where, range) };
        }
        const body = deliveryBody(delivery);
        const id = messageId(delivery.eventId);
        const timestamp = new Date();
        const signature = new Signer(delivery.secret).sign(id, timestamp, body);
        const response = await request(url, {
          method: 'POST',
          dispatcher: agent,
          body,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Newsdesk-Webhooks',
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
            'webhook-signature': signature,
          },
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await response.body.dump().catch(() => undefined);
        const statusCode = response.statusCode;
        return { statusCode, responseMs: elapsed(), error: isDelivered(statusCode) ? null : `HTTP ${statusCode}` };
      } catch (error) {
        return { statusCode: null, responseMs: elapsed(), error: describe(error).slice(0, 500) };
      }
    },
    close: () => agent.close(),
  };
}

/** One tick of the worker: claims due deliveries and sends them; the number sent (delivered or not). */
export async function runDueDeliveries(db: DbRoot, sender: Sender, stopped: () => boolean = () => false): Promise<number> {
  let sent = 0;
  while (!stopped()) {
    const claimed = await webhooksRepository.claim(db, BATCH, LEASE_SECONDS);
    if (claimed.length === 0) break;
    await Promise.all(
      claimed.map(async (delivery) => {
        const result = await sender.send(delivery);
        await webhooksRepository.finish(db, delivery.id, {
          ...result,
          delivered: isDelivered(result.statusCode),
          retryAfterSeconds: retryDelaySeconds(delivery.attempts),
        });
      }),
    );
    sent += claimed.length;
  }
  return sent;
}
