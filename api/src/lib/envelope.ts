import type { ApiErrorData } from './api-errors';

/** The response body of every API call (docs/ARCHITECTURE.md). */
export interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

export interface SuccessEnvelope<T> extends Envelope<T> {
  code: 200;
}

export interface ListEnvelope<T> extends SuccessEnvelope<T[]> {
  total: number;
}

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
