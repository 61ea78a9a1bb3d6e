// The lists of records (articles, importers): antd's small table, one row per record keyed by its
// id, every row it is given at once (the screen pages itself, or the list is short).
import Table, { type TableProps } from 'antd/es/table';

export type RecordTableProps<T> = Omit<TableProps<T>, 'size' | 'rowKey' | 'pagination'>;

export function RecordTable<T extends { id: number }>(props: RecordTableProps<T>) {
  return <Table<T> size="small" rowKey="id" pagination={false} {...props} />;
}
