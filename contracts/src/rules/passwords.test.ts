import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem, passwordStrength } from 'contracts/rules/passwords';

describe('passwords (NIST SP 800-63B)', () => {
  it('asks for at least 12 characters and allows at least 64', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64);
    expect(passwordProblem('brisk-otter-9')).toBeNull();
    expect(passwordProblem('brisk-otter')).toBe('password_too_short');
    expect(passwordProblem('ä'.repeat(2) + 'brisk-ott')).toBe('password_too_short');
    expect(passwordProblem('lantern harbour '.repeat(9))).toBe('password_too_long');
    expect(passwordProblem('lantern harbour '.repeat(4))).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    // 11 emoji are 22 UTF-16 units but 11 characters.
    expect(passwordProblem('🦦'.repeat(11))).toBe('password_too_short');
  });

  it('has no composition rules: lower-case words only are fine', () => {
    expect(passwordProblem('copper kettle whistles')).toBeNull();
  });

  it.each(['123qweasdzxc', 'QWERTY123456', '1qaz2wsx3edc'])('refuses %s, a common / breached password (any case)', (password) => {
    expect(passwordProblem(password)).toBe('password_common');
  });

  it("refuses the user's own name, username or email", () => {
    const context = { username: 'riley.reporter', name: 'Riley Reporter Jones', email: 'riley.reporter@example.com' };
    expect(passwordProblem('Riley.Reporter', context)).toBe('password_personal');
    expect(passwordProblem('riley reporter jones', context)).toBe('password_personal');
    expect(passwordProblem('riley.reporter@example.com', context)).toBe('password_personal');
  });

  it('refuses repeated and sequential characters', () => {
    expect(passwordProblem('aaaaaaaaaaaa')).toBe('password_guessable');
    expect(passwordProblem('abcdefghijklmn')).toBe('password_guessable');
  });

  it('scores strength 0-4 for the meter', () => {
    expect(passwordStrength('aaaaaaaaaaaa')).toBe(0);
    expect(passwordStrength('copper kettle whistles at dawn')).toBe(4);
  });
});
