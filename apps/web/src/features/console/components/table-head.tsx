import { useConsoleText } from '../words'

/** A table's column headers, and a last column for each row's buttons, named for screen readers only. */
export function TableHead({ headers, actions }: { headers: readonly string[]; actions: boolean }) {
  const t = useConsoleText()
  return (
    <thead>
      <tr>
        {headers.map((header) => (
          <th scope="col" key={header}>
            {header}
          </th>
        ))}
        {actions ? (
          <th scope="col">
            <span className="visually-hidden">{t('list.actions')}</span>
          </th>
        ) : null}
      </tr>
    </thead>
  )
}
