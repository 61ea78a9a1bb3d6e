import CloseCircleFilled from '@ant-design/icons/es/icons/CloseCircleFilled';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARED_NAMESPACE } from 'shared';

/** The `allowClear` of an antd Select: its clear button named in the user's language. */
export interface SelectClear {
  clearIcon: ReactNode;
  label: string;
}

/**
 * `allowClear` for an antd Select. `allowClear={true}` leaves rc-select's own name of the clear
 * button, the English 'Clear', in every language; given as an object it needs antd's icon too.
 */
export function useSelectClear(): SelectClear {
  const { t } = useTranslation(SHARED_NAMESPACE);
  const label = t('fields.clear');
  return useMemo(() => ({ clearIcon: <CloseCircleFilled />, label }), [label]);
}
