import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { databaseKinds } from './database-env';
import { body, DEMO, startApp } from './helpers';

/**
 * Invitation and reset mails through a real SMTP server (smtp-server on loopback): the mail arrives
 * with the link, the admin's answer carries no link, the link works once, and is refused the second
 * time and after it expires (the clock is moved, no waiting).
 */

interface ReceivedMail {
  to: string[];
  text: string;
}

/** Quoted-printable soft breaks and escapes undone (nodemailer encodes the German part so). */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function startSmtp(): Promise<{ server: SMTPServer; port: number; next(): Promise<ReceivedMail> }> {
  const inbox: ReceivedMail[] = [];
  const waiting: Array<(mail: ReceivedMail) => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        };
        const waiter = waiting.shift();
        if (waiter) waiter(mail);
        else inbox.push(mail);
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({
        server,
        port,
        next: () => {
          const mail = inbox.shift();
          return mail ? Promise.resolve(mail) : new Promise((arrived) => waiting.push(arrived));
        },
      });
    });
  });
}

const LINK = /(https?:\/\/\S+?\/(invitation|password-reset)#[A-Za-z0-9_-]{43})/;

describe.each(databaseKinds())('people mails through SMTP [%s]', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: FastifyInstance;
  let logs: string[];
  let dispose: () => Promise<void>;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    const started = await startApp(kind, {
      config: {
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        mailFrom: 'Newsdesk <desk@newsroom.example>',
        publicUrl: 'https://desk.newsroom.example',
      },
    });
    app = started.app;
    logs = started.logs;
    dispose = async () => {
      await started.app.close();
      await started.database.dispose();
    };
    const signIn = await app.inject({ method: 'POST', url: '/api/v2/session', payload: { username: 'admin', password: DEMO.admin } });
    admin = body(signIn).data.auth;
  });
  afterAll(async () => {
    await dispose?.();
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  });
  afterEach(() => jest.useRealTimers());

  const post = (url: string, payload?: object, token?: string) =>
    app.inject({ method: 'POST', url, headers: token ? { authentication: token } : {}, ...(payload ? { payload } : {}) });

  async function inviteByMail(name: string, email: string) {
    const submitter = await app.db.selectFrom('roles').select('id').where('name', '=', 'submitter').executeTakeFirstOrThrow();
    const response = await post('/api/v2/users/invite', { name, email, roles: [submitter.id] }, admin);
    expect(response.statusCode).toBe(200);
    const mail = await smtp.next();
    return { answer: body(response).data, mail, link: (LINK.exec(mail.text) as RegExpExecArray)[1] as string };
  }

  it('mails the invitation; its link works once and is refused the second time', async () => {
    const { answer, mail, link } = await inviteByMail('Morgan Mail', 'morgan@newsroom.example');
    expect(answer).toMatchObject({ emailed: true, link: null, user: { status: 'invited' } });
    expect(mail.to).toEqual(['morgan@newsroom.example']);
    expect(mail.text).toContain('From: Newsdesk <desk@newsroom.example>');
    expect(mail.text).toContain('Hello Morgan Mail');
    expect(link.startsWith('https://desk.newsroom.example/invitation#')).toBe(true);
    const token = link.split('#')[1] as string;

    const accepted = await post('/api/v2/account-link/password', { token, password: 'a lighthouse keeps the harbour' });
    expect(accepted.statusCode).toBe(200);
    expect(body(accepted).data.user.username).toBe('morgan@newsroom.example');
    const second = await post('/api/v2/account-link/password', { token, password: 'another lighthouse keeps watch' });
    expect(second.statusCode).toBe(400);
    expect(body(second).data.error).toBe('link_invalid');
    expect(logs.join('')).not.toContain(token);
  });

  it('refuses the mailed link after it expired', async () => {
    const { link } = await inviteByMail('Jordan Late', 'jordan@newsroom.example');
    jest.useFakeTimers({
      now: new Date(Date.now() + 72 * 3_600_000 + 60_000),
      doNotFake: [
        'nextTick',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'hrtime',
        'performance',
      ],
    });
    const late = await post('/api/v2/account-link/password', { token: link.split('#')[1], password: 'a lighthouse keeps the harbour' });
    expect(late.statusCode).toBe(400);
    expect(body(late).data.error).toBe('link_expired');
  });

  it('mails a password-reset link', async () => {
    const editor = await app.db.selectFrom('users').select('id').where('username', '=', 'editor').executeTakeFirstOrThrow();
    const response = await post(`/api/v2/users/${editor.id}/reset-link`, undefined, admin);
    expect(body(response).data).toMatchObject({ emailed: true, link: null });
    const mail = await smtp.next();
    expect(mail.to).toEqual(['editor@newsdesk.example']);
    const link = (LINK.exec(mail.text) as RegExpExecArray)[1] as string;
    expect(link).toContain('/password-reset#');
    const reset = await post('/api/v2/account-link/password', { token: link.split('#')[1], password: 'the night editor reads slowly' });
    expect(reset.statusCode).toBe(200);
  });
});
