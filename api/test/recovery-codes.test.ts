import { totpCode } from '../src/lib/totp';
import { body, DEMO, describeEachDatabase, expectError } from './helpers';

/**
 * Recovery codes renewed from My account: proven by the password or a current code (limited like
 * the codes), the 10 new ones answered once, every earlier one stops working, the renewal logged
 * (never a code).
 */
function codeAt(secret: string, stepsAhead: 0 | 1): string {
  return totpCode(secret, new Date(Date.now() + stepsAhead * 30_000));
}

describeEachDatabase('recovery codes renewed', (ctx) => {
  const call = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.inject({ method, url, headers: token ? { authentication: token } : {}, ...(payload ? { payload } : {}) });
  const passwordStep = (username: keyof typeof DEMO) => call(undefined, 'POST', '/api/v2/session', { username, password: DEMO[username] });

  async function enrol(username: keyof typeof DEMO) {
    const token = body(await passwordStep(username)).data.auth as string;
    const { secret } = body(await call(token, 'POST', '/api/v2/account/two-factor')).data;
    const confirmed = await call(token, 'POST', '/api/v2/account/two-factor/confirm', { code: codeAt(secret, 0) });
    expect(confirmed.statusCode).toBe(200);
    return { token, secret: secret as string, recovery: body(confirmed).data.recovery_codes as string[] };
  }

  it('renews the recovery codes with the password or a current code: the old ones stop working, the new ones work once; logged', async () => {
    const { token, secret, recovery } = await enrol('submitter');
    // Proof needed: a wrong password or code changes nothing.
    expectError(await call(token, 'POST', '/api/v2/account/two-factor/recovery-codes', { password: 'not the password' }), 400, /password/i);
    expect((await call(token, 'POST', '/api/v2/account/two-factor/recovery-codes', { code: '000000' })).statusCode).toBe(400);
    const renewed = await call(token, 'POST', '/api/v2/account/two-factor/recovery-codes', { password: DEMO.submitter });
    expect(renewed.statusCode).toBe(200);
    expect(body(renewed).message).toBe('New recovery codes made');
    const fresh = body(renewed).data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recovery.includes(code))).toEqual([]);
    expect(body(await call(token, 'GET', '/api/v2/account')).data.recovery_codes_left).toBe(10);

    // By a current code too (then the codes of the first renewal stop working).
    const byCode = await call(token, 'POST', '/api/v2/account/two-factor/recovery-codes', { code: codeAt(secret, 1) });
    expect(byCode.statusCode).toBe(200);
    const latest = body(byCode).data.recovery_codes as string[];

    const signIn = async (code: string) => {
      const challenge = body(await passwordStep('submitter')).data.challenge as string;
      return call(undefined, 'POST', '/api/v2/session/second-factor', { challenge, code });
    };
    expect(body(await signIn(recovery[0]!)).data.error).toBe('second_factor_code_wrong');
    expect(body(await signIn(fresh[0]!)).data.error).toBe('second_factor_code_wrong');
    expect((await signIn(latest[0]!)).statusCode).toBe(200);
    expect(body(await signIn(latest[0]!)).data.error).toBe('second_factor_code_wrong');

    const renewals = await ctx.app.db
      .selectFrom('activity_log')
      .select(['action', 'details'])
      .where('action', '=', 'recovery_codes_renew')
      .execute();
    expect(renewals).toHaveLength(2);
    const logged = JSON.stringify(await ctx.app.db.selectFrom('activity_log').selectAll().execute()) + ctx.logs.join('');
    for (const code of [...fresh, ...latest]) expect(logged).not.toContain(code);
  });

  it('renewing recovery codes is refused while two-factor is off', async () => {
    const token = body(await passwordStep('approver')).data.auth as string;
    const refused = await call(token, 'POST', '/api/v2/account/two-factor/recovery-codes', { password: DEMO.approver });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).data.error).toBe('two_factor_not_on');
  });
});
