import type { ReactNode } from 'react'
import { TableHead } from './table-head'

export interface DataTableProps {
  caption: string
  headers: readonly string[]
  /** A last column for each row's buttons. */
  actions?: boolean
  /** While the rows are asked for again. */
  busy?: boolean
  /** When there are no rows: the one row that says so, across the table. */
  empty?: string | false | null
  children?: ReactNode
}

/** A console table: its caption, its column headers, and its rows (or the row saying there are none). */
export function DataTable({ caption, headers, actions = false, busy, empty, children }: DataTableProps) {
  return (
    <table className="console-table" aria-busy={busy}>
      <caption>{caption}</caption>
      <TableHead headers={headers} actions={actions} />
      <tbody>
        {empty ? (
          <tr>
            <td colSpan={headers.length}>{empty}</td>
          </tr>
        ) : (
          children
        )}
      </tbody>
    </table>
  )
}

/** A table in the box that lets it scroll sideways on a narrow screen. */
export function TableBox(props: DataTableProps) {
  return (
    <div className="console-table-wrap">
      <DataTable {...props} />
    </div>
  )
}

/**
 * A table in a box scrolled sideways on a narrow screen that a keyboard can reach and scroll (WCAG
 * 2.1.1) when its rows hold nothing focusable (a report's), named as its table unless it says otherwise.
 */
export function ScrollTable({ label, ...table }: DataTableProps & { label?: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (WCAG 2.1.1).
    <section className="console-table-wrap" tabIndex={0} aria-label={label ?? table.caption}>
      <DataTable {...table} />
    </section>
  )
}
