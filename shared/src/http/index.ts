export { http, AUTH_HEADER, isCancelledRequest, isSessionCall } from './client';
export { ApiError, errorText, isApiError, staleVersionCurrent } from './ApiError';
export { apiRequest, apiGet, apiPost, apiDelete, toApiError, toFormBody } from './api';
export type { Envelope, ApiOptions, ApiPostOptions } from './api';
