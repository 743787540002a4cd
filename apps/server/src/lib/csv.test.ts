import { describe, expect, it } from 'vitest'
import { csvField, csvLine } from './csv.js'

/** The cells a spreadsheet reads from one line when it splits on `separator` (quotes respected). */
function cellsOf(line: string, separator: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"'
        i += 1
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"' && cell === '') quoted = true
    else if (c === separator) {
      cells.push(cell)
      cell = ''
    } else cell += c
  }
  cells.push(cell)
  return cells
}

const formulaStart = /^[=+\-@\t\r]/

describe('csvField', () => {
  it('leaves plain text and numbers bare', () => {
    expect(csvField('Season pass')).toBe('Season pass')
    expect(csvField(42)).toBe('42')
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
  })

  it('keeps a cell that begins like a formula as text', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvField(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/)
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
    // Where another locale's reader starts a cell inside the field, too.
    expect(csvField("Final;=cmd|' /C calc'!A0")).toBe(`"Final;'=cmd|' /C calc'!A0"`)
    expect(csvField('a,"+1')).toBe(`"a,""'+1"`)
    expect(csvField('a;\t=1')).toBe(`"a;'\t'=1"`)
    // Not in the middle of a word or after a space.
    expect(csvField('Pre-season, 2-for-1 @ home')).toBe('"Pre-season, 2-for-1 @ home"')
  })

  it('quotes a field with a separator of any locale, a quote or a line break', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('a\tb')).toBe('"a\tb"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
  })

  it('never gives a spreadsheet a formula cell, whether it splits on , ; or tab', () => {
    const hostile = [
      "Final;=cmd|' /C calc'!A0",
      "Final,=cmd|' /C calc'!A0",
      "Final\t=cmd|' /C calc'!A0",
      '=1+1',
      ' ;+SUM(A1)',
      '"; @SUM(A1);"',
      'x";=1;"',
    ]
    const line = csvLine(['id', ...hostile, 'end'])
    for (const separator of [',', ';', '\t']) {
      const cells = cellsOf(line, separator)
      for (const cell of cells) expect(cell).not.toMatch(formulaStart)
    }
    // Split on its own separator, each field is one cell.
    expect(cellsOf(line, ',')).toHaveLength(hostile.length + 2)
    expect(cellsOf(line, ',')[1]).toBe("Final;'=cmd|' /C calc'!A0")
  })
})
