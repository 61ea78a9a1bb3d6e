import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import TreeSelect from 'antd/es/tree-select';
import type { CategoryNode } from 'contracts/schemas/categories';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { scopeOptions } from '../model/categoryScope';
import { NS } from '../i18n';

export interface RoleScopeFieldProps {
  categories: CategoryNode[];
}

/**
 * A role's scope in the role form: "limited to desks" and the categories (each with everything under
 * it). Unlimited, the article rights hold everywhere; limited with no category, nowhere.
 */
export function RoleScopeField({ categories }: RoleScopeFieldProps) {
  const { t } = useTranslation(NS);
  const options = useMemo(() => scopeOptions(categories), [categories]);
  const scoped = Form.useWatch<boolean | undefined>('scoped');
  return (
    <>
      <Form.Item name="scoped" valuePropName="checked" extra={t('roles.scopedHelp')} style={{ marginBottom: scoped ? 8 : undefined }}>
        <Checkbox>{t('roles.scoped')}</Checkbox>
      </Form.Item>
      {scoped ? (
        <Form.Item name="scope" label={t('roles.scope')} extra={t('roles.scopeHelp')}>
          <TreeSelect
            multiple
            treeData={options}
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder={t('roles.scopePlaceholder')}
            listHeight={320}
            aria-label={t('roles.scope')}
          />
        </Form.Item>
      ) : null}
    </>
  );
}
