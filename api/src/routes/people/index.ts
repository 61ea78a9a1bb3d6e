import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { ok, okList } from '../../lib/envelope';
import { httpError } from '../../lib/http-error';
import { requireRight } from '../../plugins/permissions';
import { createMailer } from '../../services/mailer';
import { sessionAnswer } from '../session/answer';
import { PeopleService } from '../../services/people';
import { passkeyService } from '../../services/passkeys';
import { TwoFactorService } from '../../services/two-factor';
import {
  disableUserSchema,
  enableUserSchema,
  getUserSchema,
  inviteSchema,
  linkInfoSchema,
  listRolesSchema,
  listUsersSchema,
  resetLinkSchema,
  saveRoleSchema,
  invitationPasskeyOptionsSchema,
  invitationPasskeySchema,
  setPasswordSchema,
  updateUserSchema,
} from './schemas';

const manageUsers = requireRight('manage_users');

/** The signed-in actor of a manage_users route (the right's hook has checked the session). */
function actorOf(request: FastifyRequest): number {
  if (!request.user) throw httpError(401, 'unauthorized');
  return request.user.id;
}

/**
 * Users, roles, and the signed-out pages that choose a password through a link. Tokens travel in
 * bodies only (never a URL the log writes), and no log line names one. The link routes need no
 * request cap: a link's token is 32 random bytes, not guessable at any rate.
 */
const peopleRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  const mailer = createMailer(config.smtpUrl, config.mailFrom);
  app.addHook('onClose', async () => mailer?.close());
  const people = new PeopleService(app.db, {
    config,
    auth: app.auth,
    mailer,
    onMailError: (error) => app.log.warn({ err: error }, 'Mail not sent; the link is shown to the admin instead'),
  });
  const twoFactor = new TwoFactorService(app.db, config, app.auth);
  const passkeys = passkeyService(app.db, config, app.auth, twoFactor);
  /** Where links point: PUBLIC_URL, else the origin this request came to. */
  const originOf = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get('/api/v2/users', { schema: listUsersSchema, preHandler: manageUsers }, async (request) => {
    const { items, total } = await people.listUsers(request.query);
    return okList(items, total);
  });

  app.get('/api/v2/users/:id', { schema: getUserSchema, preHandler: manageUsers }, async (request) =>
    ok(await people.getUser(request.params.id)),
  );

  app.post('/api/v2/users/invite', { schema: inviteSchema, preHandler: manageUsers }, async (request) => {
    const answer = await people.invite(actorOf(request), request.body, originOf(request));
    request.log.info({ userId: answer.user.id, emailed: answer.emailed, by: request.user?.id }, 'User invited');
    return ok(answer, 'Invited');
  });

  app.post('/api/v2/users/:id', { schema: updateUserSchema, preHandler: manageUsers }, async (request) => {
    const saved = await people.update(actorOf(request), request.params.id, request.body);
    request.log.info({ userId: saved.id, by: request.user?.id }, 'User saved');
    return ok(saved, 'Saved');
  });

  app.post('/api/v2/users/:id/enable', { schema: enableUserSchema, preHandler: manageUsers }, async (request) =>
    ok(await people.setEnabled(actorOf(request), request.params.id, true), 'Enabled'),
  );

  app.post('/api/v2/users/:id/disable', { schema: disableUserSchema, preHandler: manageUsers }, async (request) => {
    const user = await people.setEnabled(actorOf(request), request.params.id, false);
    request.log.info({ userId: user.id, by: request.user?.id }, 'User disabled');
    return ok(user, 'Disabled');
  });

  app.post('/api/v2/users/:id/reset-link', { schema: resetLinkSchema, preHandler: manageUsers }, async (request) => {
    const answer = await people.resetLink(actorOf(request), request.params.id, originOf(request));
    request.log.info({ userId: answer.user.id, emailed: answer.emailed, by: request.user?.id }, 'Password link made');
    return ok(answer, 'Link made');
  });

  app.get('/api/v2/roles', { schema: listRolesSchema, preHandler: manageUsers }, async () => ok(await people.listRoles()));

  app.post('/api/v2/roles', { schema: saveRoleSchema, preHandler: manageUsers }, async (request) => {
    const role = await people.saveRole(actorOf(request), request.body);
    request.log.info({ roleId: role.id, by: request.user?.id }, 'Role saved');
    return ok(role, 'Saved');
  });

  app.post('/api/v2/account-link', { schema: linkInfoSchema, config: { public: true } }, async (request) =>
    ok(await people.linkInfo(request.body.token)),
  );

  app.post('/api/v2/account-link/password', { schema: setPasswordSchema, config: { public: true } }, async (request) => {
    const meta = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
    const session = await people.setPassword(request.body.token, request.body.password, meta);
    if ('secondFactor' in session) {
      request.log.info({ userId: session.userId }, 'Password chosen through a link; code needed');
      return ok(await twoFactor.challengeAnswer(session, { remember: false, ...meta }), 'Code needed');
    }
    request.log.info({ userId: session.user.id }, 'Password chosen through a link; signed in');
    return ok(sessionAnswer(session), 'Signed in');
  });

  app.post('/api/v2/account-link/passkey/options', { schema: invitationPasskeyOptionsSchema, config: { public: true } }, async (request) =>
    ok(await passkeys.invitationOptions(await people.invitedUserOf(request.body.token))),
  );

  app.post('/api/v2/account-link/passkey', { schema: invitationPasskeySchema, config: { public: true } }, async (request) => {
    const { token, ...registration } = request.body;
    const userId = await people.invitedUserOf(token);
    const verified = await passkeys.verifyForInvitation(userId, registration);
    const session = await people.acceptWithPasskey(token, userId, (trx) => passkeys.storeForInvitation(trx, verified), {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    request.log.info({ userId: session.user.id }, 'Invitation accepted with a passkey; signed in');
    return ok(sessionAnswer(session), 'Signed in');
  });
};

export default peopleRoutes;
