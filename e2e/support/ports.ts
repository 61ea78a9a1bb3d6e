import net from 'node:net';

/** The port range the browser tests may use. */
export const PORT_MIN = 18120;
export const PORT_MAX = 18199;

const taken = new Set<number>();

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** A free TCP port in 18120-18199, starting at a random place so parallel runs rarely collide. */
export async function getFreePort(): Promise<number> {
  const span = PORT_MAX - PORT_MIN + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i += 1) {
    const port = PORT_MIN + ((start + i) % span);
    if (taken.has(port)) continue;
    if (await isFree(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`e2e: no free port in ${PORT_MIN}-${PORT_MAX}`);
}

/** Lets a port handed out by getFreePort be handed out again. */
export function releasePort(port: number): void {
  taken.delete(port);
}
