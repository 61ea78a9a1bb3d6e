import type { SessionData } from 'contracts/schemas/session';
import type { SignedInSession } from '../../services/auth-service';

/** What a sign-in answers (the password step, the code step, a password chosen through a link). */
export function sessionAnswer(session: SignedInSession): SessionData {
  return {
    auth: session.token,
    user: session.user,
    expires: session.expiresAt.toISOString(),
    permissions: session.rights,
    language: session.language,
    second_factor_enrolment: session.enrolSecondFactor,
  };
}
