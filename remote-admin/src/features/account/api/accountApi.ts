import type {
  AccountRecord,
  AccountSession,
  ChangePasswordBody,
  EndedSessions,
  RecoveryCodes,
  TwoFactorConfirmBody,
  RecoveryCodesRenewBody,
  TwoFactorRemoveBody,
  TwoFactorSetup,
  UpdateAccountBody,
} from 'contracts/schemas/account';
import type { AddPasskeyBody, Passkey, PasskeyOptions, RemovePasskeyBody } from 'contracts/schemas/passkeys';
import { apiDelete, apiGet, apiPost } from 'shared';

/** The My account calls of the API (every signed-in user, about themselves). */

export function fetchAccount(signal?: AbortSignal): Promise<AccountRecord> {
  return apiGet<AccountRecord>('/api/v2/account', undefined, { signal });
}

export function saveAccount(body: UpdateAccountBody): Promise<AccountRecord> {
  return apiPost<AccountRecord>('/api/v2/account', body);
}

export function changePassword(body: ChangePasswordBody): Promise<EndedSessions> {
  return apiPost<EndedSessions>('/api/v2/account/password', body);
}

export function fetchSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  return apiGet<AccountSession[]>('/api/v2/account/sessions', undefined, { signal });
}

export function endSession(id: number): Promise<null> {
  return apiDelete<null>(`/api/v2/account/sessions/${id}`);
}

export function endOtherSessions(): Promise<EndedSessions> {
  return apiPost<EndedSessions>('/api/v2/account/sessions/end-others');
}

export interface AccountData {
  account: AccountRecord;
  sessions: AccountSession[];
  passkeys: Passkey[];
}

/** The My account screen's data: the account, its sessions and its passkeys. */
export async function loadAccount(signal?: AbortSignal): Promise<AccountData> {
  const [account, sessions, passkeys] = await Promise.all([fetchAccount(signal), fetchSessions(signal), fetchPasskeys(signal)]);
  return { account, sessions, passkeys };
}

export function fetchPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return apiGet<Passkey[]>('/api/v2/account/passkeys', undefined, { signal });
}

export function passkeyOptions(): Promise<PasskeyOptions> {
  return apiPost<PasskeyOptions>('/api/v2/account/passkeys/options');
}

export function addPasskey(body: AddPasskeyBody): Promise<Passkey> {
  return apiPost<Passkey>('/api/v2/account/passkeys', body);
}

export function removePasskey(id: number, body: RemovePasskeyBody): Promise<null> {
  return apiPost<null>(`/api/v2/account/passkeys/${id}/remove`, body);
}

export function setUpTwoFactor(): Promise<TwoFactorSetup> {
  return apiPost<TwoFactorSetup>('/api/v2/account/two-factor');
}

export function confirmTwoFactor(body: TwoFactorConfirmBody): Promise<RecoveryCodes> {
  return apiPost<RecoveryCodes>('/api/v2/account/two-factor/confirm', body);
}

export function removeTwoFactor(body: TwoFactorRemoveBody): Promise<null> {
  return apiPost<null>('/api/v2/account/two-factor/remove', body);
}

export function renewRecoveryCodes(body: RecoveryCodesRenewBody): Promise<RecoveryCodes> {
  return apiPost<RecoveryCodes>('/api/v2/account/two-factor/recovery-codes', body);
}
