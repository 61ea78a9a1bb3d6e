import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got: its path, headers, body and whether the signature verified. */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  verified: boolean;
  at: number;
}

/**
 * A real HTTP receiver for webhook tests: verifies every request with the `standardwebhooks`
 * verifier against the secret its path is registered with, answers `status(path)`.
 */
export async function startReceiver(options: { status?: (path: string, count: number) => number } = {}) {
  const received: Received[] = [];
  const secrets = new Map<string, string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)]));
      const path = request.url ?? '/';
      let verified = false;
      const secret = secrets.get(path);
      if (secret) {
        try {
          new Webhook(secret).verify(body, headers);
          verified = true;
        } catch {
          verified = false;
        }
      }
      received.push({ path, headers, body, verified, at: Date.now() });
      const count = received.filter((entry) => entry.path === path).length;
      response.statusCode = options.status?.(path, count) ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    expectSecret: (path: string, secret: string) => secrets.set(path, secret),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
