import type { AccountLinkInfo } from 'contracts/schemas/people';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NS } from '../../i18n/i18n';

type PasswordRules = typeof import('contracts/rules/passwords');

/**
 * A new password typed twice, checked as it is typed by the one rule of contracts/rules/passwords
 * (loaded on first use), with its strength; the messages show once the form was submitted.
 */
export function useNewPassword(info: AccountLinkInfo | null) {
  const { t } = useTranslation(SHELL_NS);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [rules, setRules] = useState<PasswordRules | null>(null);

  useEffect(() => {
    void import('contracts/rules/passwords').then(setRules);
  }, []);

  const problem = rules?.passwordProblem(password, info ?? {}) ?? (password.length === 0 ? 'password_too_short' : null);
  const mismatch = repeat !== password;
  return {
    password,
    setPassword,
    repeat,
    setRepeat,
    setSubmitted,
    problem,
    mismatch,
    minLength: rules?.PASSWORD_MIN_LENGTH ?? 12,
    strength: rules && password ? rules.passwordStrength(password, info ?? {}) : null,
    passwordMessage:
      submitted && problem
        ? t(`accountLink.problems.${problem}`, { min: rules?.PASSWORD_MIN_LENGTH ?? 12, max: rules?.PASSWORD_MAX_LENGTH ?? 128 })
        : null,
    repeatMessage: submitted && !problem && mismatch ? t('accountLink.mismatch') : null,
  };
}
