/**
 * Which API process owns an import run or lease, and whether that process is gone (a run killed
 * with kill -9 must not stay "running" nor hold its importer's lease).
 *
 * An owner is "<host>:<pid>:<random>", made once per process. It is gone when:
 * - it is this process's host and no process has its pid (signal 0 answers ESRCH), or the pid is
 *   this process but the random part is not (an earlier process that had the same pid);
 * - the database is PGlite: one process opens a data directory, so any other owner is gone;
 * - otherwise (another host), once its lease has expired.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';

export const PROCESS_OWNER = `${os.hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;

function parse(owner: string): { host: string; pid: number; nonce: string } | null {
  const match = /^(.*):(\d+):([0-9a-f]+)$/.exec(owner);
  return match ? { host: match[1]!, pid: Number(match[2]), nonce: match[3]! } : null;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface OwnerFacts {
  owner: string | null;
  /** When its lease ends (null: no lease). */
  leaseUntil: Date | null;
}

/** Whether the process that owns a run is gone (so the run will never finish). */
export function ownerIsGone(facts: OwnerFacts, now: Date, options: { singleProcessDatabase: boolean; self?: string }): boolean {
  const self = options.self ?? PROCESS_OWNER;
  if (facts.owner === self) return false;
  const leaseExpired = facts.leaseUntil === null || facts.leaseUntil.getTime() < now.getTime();
  if (options.singleProcessDatabase || leaseExpired) return true;
  const owner = facts.owner ? parse(facts.owner) : null;
  const me = parse(self);
  if (!owner || !me || owner.host !== me.host) return false;
  if (owner.pid === me.pid) return true; // same pid, other nonce: an earlier process
  return !pidAlive(owner.pid);
}
