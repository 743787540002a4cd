/** Escaping text for ffmpeg filter graphs (`-vf`, `-filter_complex`, drawtext). */

/**
 * Escapes a value for a filter option inside a filter graph (`-vf`, `-filter_complex`): first for the
 * option parser (`\`, `'`, `:`), then for the graph parser (`\`, `'`, `[`, `]`, `,`, `;`). Leading and
 * trailing white space would be dropped by ffmpeg, so it is trimmed here.
 */
export function escapeFilterValue(value: string): string {
  const option = value.trim().replace(/[\\':]/g, (c) => `\\${c}`)
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`)
}

/**
 * Escapes literal text for drawtext's `text=` option: control characters become spaces, then drawtext's own
 * expansion characters (`\` and `%`) are escaped, then the value is escaped for the option and graph parsers
 * (`escapeFilterValue`). The result renders exactly the given text with the default `expansion=normal`.
 */
export function escapeDrawtext(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
  const printable = text.replace(/[\u0000-\u001f\u007f]/g, ' ')
  return escapeFilterValue(printable.replace(/[\\%]/g, (c) => `\\${c}`))
}
