import { describeEachDatabase } from './helpers';

describeEachDatabase('logging', (ctx) => {
  it('never writes a session token (header or ?auth=) or a password to the log', async () => {
    const token = await ctx.login('editor');
    await ctx.get('/api/v2/user', token);
    await ctx.get(`/api/v2/session?auth=${token}`);
    await ctx.get(`/api/v2/session?other=1&auth=${encodeURIComponent(token)}#x`);
    await ctx.get(`/api/unknown?auth=${token}`);
    await ctx.inject({ method: 'GET', url: '/api/v2/user', headers: { authentication: `${token}x` } });
    await ctx.inject({ method: 'DELETE', url: '/api/v2/session', headers: { authentication: token } });
    await ctx.inject({
      method: 'POST',
      url: '/api/v2/session',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=editor&password=wrong-password-123',
    });

    const text = ctx.logs.join('');
    expect(ctx.logs.length).toBeGreaterThan(10);
    expect(text).toContain('/api/v2/session?auth=[redacted]');
    expect(text).toContain('auth=[redacted]');
    expect(text).not.toContain(token);
    expect(text).not.toContain(encodeURIComponent(token));
    expect(text).not.toContain('wrong-password-123');
    expect(text).not.toContain('editor-demo');
  });
});
