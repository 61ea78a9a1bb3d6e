import { issuerLabel } from './ssoIssuer';

describe("a user's single sign-on tag", () => {
  it('names the issuer by host, keeping a port and a path (one provider may serve several realms)', () => {
    expect(issuerLabel('https://id.newsroom.example')).toBe('id.newsroom.example');
    expect(issuerLabel('https://id.newsroom.example/')).toBe('id.newsroom.example');
    expect(issuerLabel('http://127.0.0.1:9000')).toBe('127.0.0.1:9000');
    expect(issuerLabel('https://login.example/realms/newsroom/')).toBe('login.example/realms/newsroom');
  });

  it('shows an issuer that is no URL as it is', () => {
    expect(issuerLabel('not a url')).toBe('not a url');
  });
});
