/**
 * Which API process owns an import run, and whether that process is gone (a run killed with kill -9
 * must not stay "running" nor hold its importer's lease).
 *
 * An owner is "<host>:<pid>:<random>", made once per process; host and pid are for people reading
 * the row, the random part makes it unique (two containers may share a host name and a pid).
 * Liveness is decided by the database, not by the host or the pid:
 * - PostgreSQL: while a process runs an import it holds a session-level advisory lock keyed by its
 *   owner (`holdOwnerLock`, on a connection of its own). The lock goes when the process does (its
 *   connection closes), so an owner is gone exactly when its lock can be taken.
 * - PGlite: one process opens a data directory, so any owner but this process is gone.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Client } from 'pg';
import type { DbRoot } from '../../db/schema';
import { advisoryLockIsFree } from '../../repositories/import-runs';

export const PROCESS_OWNER = `${os.hostname()}:${process.pid}:${randomBytes(8).toString('hex')}`;

interface HeldLock {
  users: number;
  ready: Promise<Client>;
}

/** The owner lock of this process per database, held while any of its runs goes (reference counted). */
const held = new Map<string, HeldLock>();

async function lockConnection(databaseUrl: string, owner: string): Promise<Client> {
  const client = new Client({ connectionString: databaseUrl });
  // A lost connection frees the lock: the run goes on, but another process may now close it as interrupted.
  client.on('error', () => undefined);
  await client.connect();
  await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [owner]);
  return client;
}

/**
 * Holds this process's owner lock on a PostgreSQL database until the returned release is called
 * (by every holder: runs of one process share one connection).
 */
export async function holdOwnerLock(databaseUrl: string, owner = PROCESS_OWNER): Promise<() => Promise<void>> {
  const key = `${owner}\u0000${databaseUrl}`;
  let lock = held.get(key);
  if (!lock) {
    lock = { users: 0, ready: lockConnection(databaseUrl, owner) };
    held.set(key, lock);
    lock.ready.catch(() => held.delete(key));
  }
  lock.users += 1;
  const mine = lock;
  try {
    await mine.ready;
  } catch (error) {
    mine.users -= 1;
    throw error;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    mine.users -= 1;
    if (mine.users > 0) return;
    if (held.get(key) === mine) held.delete(key);
    await (await mine.ready).end().catch(() => undefined);
  };
}

/** Whether the process that owns a run is gone (so the run will never finish). */
export async function ownerIsGone(
  db: DbRoot,
  owner: string | null,
  options: { singleProcessDatabase: boolean; self?: string; leaseUntil: Date | null; now: Date },
): Promise<boolean> {
  if (owner !== null && owner === (options.self ?? PROCESS_OWNER)) return false;
  if (options.singleProcessDatabase) return true;
  // A run from before owners were recorded: its lease is all there is to go by.
  if (owner === null) return options.leaseUntil === null || options.leaseUntil.getTime() < options.now.getTime();
  return advisoryLockIsFree(db, owner);
}
