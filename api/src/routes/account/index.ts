import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import type { AppConfig } from '../../config';
import { AccountService, type AccountActor } from '../../services/account';
import { passkeyService } from '../../services/passkeys';
import { TwoFactorService } from '../../services/two-factor';
import {
  addPasskeySchema,
  changePasswordSchema,
  endOtherSessionsSchema,
  endSessionSchema,
  getAccountSchema,
  listPasskeysSchema,
  listSessionsSchema,
  passkeyOptionsSchema,
  removePasskeySchema,
  renewRecoveryCodesSchema,
  twoFactorConfirmSchema,
  twoFactorRemoveSchema,
  twoFactorSetupSchema,
  updateAccountSchema,
} from './schemas';

/** The user and session of a signed-in request (the routes' hook has checked the session). */
function actorOf(request: FastifyRequest): AccountActor {
  if (!request.user || !request.session) throw httpError(401, 'unauthorized');
  return { userId: request.user.id, sessionId: request.session.id };
}

/** My account: every signed-in user, about themselves only (no right needed). Passwords are never logged. */
const accountRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  const twoFactor = new TwoFactorService(app.db, config, app.auth);
  const account = new AccountService(app.db, app.auth, (userId, work) => twoFactor.limited(userId, work));
  const passkeys = passkeyService(app.db, config, app.auth, twoFactor);
  // Every route here is open to a session that must enrol a second factor first.
  const open = { enrolment: true };

  app.get('/api/v2/account', { schema: getAccountSchema, config: open }, async (request) => ok(await account.get(actorOf(request))));

  app.post('/api/v2/account', { schema: updateAccountSchema, config: open }, async (request) =>
    ok(await account.update(actorOf(request), request.body), 'Saved'),
  );

  app.post('/api/v2/account/password', { schema: changePasswordSchema, config: open }, async (request) => {
    const actor = actorOf(request);
    const answer = await account.changePassword(actor, request.body);
    request.log.info({ userId: actor.userId, sessionsEnded: answer.ended }, 'Password changed');
    return ok(answer, 'Password changed');
  });

  app.get('/api/v2/account/sessions', { schema: listSessionsSchema, config: open }, async (request) =>
    ok(await account.listSessions(actorOf(request))),
  );

  app.delete('/api/v2/account/sessions/:id', { schema: endSessionSchema, config: open }, async (request) => {
    await account.endSession(actorOf(request), request.params.id);
    return ok(null, 'Signed out');
  });

  app.post('/api/v2/account/sessions/end-others', { schema: endOtherSessionsSchema, config: open }, async (request) =>
    ok(await account.endOtherSessions(actorOf(request)), 'Signed out'),
  );

  app.post('/api/v2/account/two-factor', { schema: twoFactorSetupSchema, config: open }, async (request) =>
    ok(await twoFactor.setup(actorOf(request).userId)),
  );

  app.post('/api/v2/account/two-factor/confirm', { schema: twoFactorConfirmSchema, config: open }, async (request) => {
    const { userId } = actorOf(request);
    const answer = await twoFactor.confirm(userId, request.body.code);
    request.log.info({ userId }, 'Two-factor sign-in set up');
    return ok(answer, 'Two-factor sign-in is on');
  });

  app.post('/api/v2/account/two-factor/remove', { schema: twoFactorRemoveSchema }, async (request) => {
    const { userId } = actorOf(request);
    await twoFactor.remove(userId, request.body);
    request.log.info({ userId }, 'Two-factor sign-in removed');
    return ok(null, 'Two-factor sign-in is off');
  });

  app.post('/api/v2/account/two-factor/recovery-codes', { schema: renewRecoveryCodesSchema }, async (request) => {
    const { userId } = actorOf(request);
    const answer = await twoFactor.renewRecoveryCodes(userId, request.body);
    request.log.info({ userId }, 'Recovery codes renewed');
    return ok(answer, 'New recovery codes made');
  });

  app.get('/api/v2/account/passkeys', { schema: listPasskeysSchema, config: open }, async (request) =>
    ok(await passkeys.list(actorOf(request).userId)),
  );

  app.post('/api/v2/account/passkeys/options', { schema: passkeyOptionsSchema, config: open }, async (request) =>
    ok(await passkeys.registrationOptions(actorOf(request).userId)),
  );

  app.post('/api/v2/account/passkeys', { schema: addPasskeySchema, config: open }, async (request) => {
    const { userId } = actorOf(request);
    const added = await passkeys.add(userId, request.body);
    request.log.info({ userId, passkeyId: added.id }, 'Passkey added');
    return ok(added, 'Passkey added');
  });

  app.post('/api/v2/account/passkeys/:id/remove', { schema: removePasskeySchema }, async (request) => {
    const { userId } = actorOf(request);
    await passkeys.remove(userId, request.params.id, request.body);
    request.log.info({ userId, passkeyId: request.params.id }, 'Passkey removed');
    return ok(null, 'Passkey removed');
  });
};

export default accountRoutes;
