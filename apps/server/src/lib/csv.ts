/**
 * CSV cells for spreadsheets (OWASP "CSV Injection"). A field is quoted (its quotes doubled) when it
 * holds a separator of any locale (`,`, `;`, tab), a quote or a line break, so a reader splitting on
 * our `,` keeps it one cell. A reader of another locale splits on `;` (or tab) and takes quotes only
 * at a cell's start: for it, a cell may begin after any separator inside a field. So wherever a cell
 * may begin — the field's start, or after a separator or line break inside it (and any quotes) — a
 * formula's first character (`=`, `+`, `-`, `@`, tab, carriage return) gets a `'` before it, and stays text.
 */
export function csvField(value: unknown): string {
  const text = (value === null || value === undefined ? '' : String(value)).replace(
    /(?<=(?:^|[,;\t\r\n])"*)(?=[=+\-@\t\r])/g,
    "'",
  )
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One CSV line of these fields, `,`-separated. */
export const csvLine = (fields: readonly unknown[]) => fields.map(csvField).join(',')
