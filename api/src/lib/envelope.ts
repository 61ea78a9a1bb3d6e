import type { EnvelopeOf } from 'contracts/schemas/common';
import type { ApiErrorData } from './api-errors';

/** The response body of every API call (the contract's envelope, docs/ARCHITECTURE.md). */
export type Envelope<T> = EnvelopeOf<T>;
export type SuccessEnvelope<T> = Envelope<T> & { code: 200 };
export type ListEnvelope<T> = SuccessEnvelope<T[]> & { total: number };

export function ok<T>(data: T, message = 'OK'): SuccessEnvelope<T> {
  return { code: 200, data, message };
}

export function okList<T>(data: T[], total: number, message = 'OK'): ListEnvelope<T> {
  return { code: 200, data, message, total };
}

/** An error envelope; `data` names the catalogue code (lib/api-errors.ts) and what it concerns. */
export function failure(code: number, message: string, data: ApiErrorData & Record<string, unknown>): Envelope<ApiErrorData> {
  return { code, data, message };
}
