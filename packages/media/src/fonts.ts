import fs from 'node:fs'

/** Where Debian/Ubuntu, Fedora, Alpine and macOS keep a usable sans-serif TrueType font. */
export const FONT_CANDIDATES: readonly string[] = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/freefont/FreeSansBold.ttf',
  '/Library/Fonts/Arial.ttf',
  '/System/Library/Fonts/Supplemental/Arial.ttf',
]

/**
 * The first readable font file among the candidates (drawtext needs a font file), or null: callers then
 * render without text overlays.
 */
export function findFont(candidates: readonly string[] = FONT_CANDIDATES): string | null {
  for (const file of candidates) {
    try {
      fs.accessSync(file, fs.constants.R_OK)
      if (fs.statSync(file).isFile()) return file
    } catch {
      // not here; try the next one
    }
  }
  return null
}
