// The pieces of a TanStack table every list draws the same way: its header row (with the sort
// buttons of sortable columns) and a body row, cell by cell. Used by the roster's student table
// and by the generic admin list (src/ui/admin/resource-list.tsx).
import { flexRender, type Row, type Table } from '@tanstack/react-table';

export function TableHead<T>({ table }: { table: Table<T> }) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((h) => {
            const sorted = h.column.getIsSorted();
            const label = flexRender(h.column.columnDef.header, h.getContext());
            return (
              <th
                key={h.id}
                scope="col"
                className={`col-${h.column.id}`}
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
              >
                {h.column.getCanSort() ? (
                  <button type="button" className="sort-button" onClick={h.column.getToggleSortingHandler()}>
                    {label}
                    <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
                  </button>
                ) : (
                  label
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}

export function TableRow<T>({ row, className }: { row: Row<T>; className?: string }) {
  return (
    <tr className={className}>
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className={`col-${cell.column.id}`}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}
