import type { AccountData } from '../api/accountApi';
import { PasskeysCard } from './PasskeysCard';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { SessionsList } from './SessionsList';
import { TwoFactorCard } from './TwoFactorCard';

export interface AccountViewProps {
  data: AccountData;
  /** Something changed on the server (a session ended, the password changed): load the screen's data again. */
  onChanged(): void;
}

/** /account: the profile, the password, the second factors and the sessions of the signed-in user. */
export function AccountView({ data, onChanged }: AccountViewProps) {
  return (
    <div style={{ display: 'grid', gap: 32, maxWidth: 880 }}>
      <div style={{ display: 'grid', gap: 32, gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))' }}>
        <ProfileForm account={data.account} onSaved={onChanged} />
        <PasswordForm account={data.account} onChanged={onChanged} />
      </div>
      <TwoFactorCard account={data.account} passkeys={data.passkeys.length} onChanged={onChanged} />
      <PasskeysCard account={data.account} passkeys={data.passkeys} onChanged={onChanged} />
      <SessionsList sessions={data.sessions} onChanged={onChanged} />
    </div>
  );
}
