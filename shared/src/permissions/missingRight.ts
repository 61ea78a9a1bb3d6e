import type { Right } from 'contracts/rules/rights';
import { isRight } from 'contracts/rules/rights';

/**
 * A screen's route loader refuses a user without the right the screen needs (spec section 6):
 * `requireRight('import')` throws this before anything loads or renders, and the shell's route
 * error view shows one "You do not have access to …" view for it. Any remote refuses the same way.
 */
export class MissingRightError extends Error {
  override readonly name = 'MissingRightError';
  /** Tells it apart without `instanceof` (a test double or another copy of shared). */
  readonly kind = 'missing_right' as const;
  readonly right: Right;

  constructor(right: Right) {
    super(`Missing right: ${right}`);
    this.right = right;
  }
}

export function isMissingRightError(value: unknown): value is MissingRightError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { kind?: unknown; right?: unknown };
  return candidate.kind === 'missing_right' && isRight(candidate.right);
}
