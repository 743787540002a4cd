import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setMp4VideoDuration } from './mp4-edit.js'
import { tempDir } from './test/helpers.js'

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(body.length + 8, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}
const u32 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 4)
  for (const [i, v] of values.entries()) b.writeInt32BE(v | 0, i * 4)
  return b
}
/** A minimal faststart MP4 head: mvhd (timescale 1000), one track of `handler` with an edit of `edit` ms. */
function mp4(handler: string, edit: number, emptyEdit = 0): Buffer {
  const mvhd = box('mvhd', u32(0, 0, 0, 1000, edit + emptyEdit))
  const tkhd = box('tkhd', u32(0, 0, 0, 1, 0, edit + emptyEdit))
  const entries = emptyEdit ? [emptyEdit, -1, 0x10000, edit, 2048, 0x10000] : [edit, 2048, 0x10000]
  const elst = box('elst', u32(0, entries.length / 3, ...entries))
  const hdlr = box('hdlr', u32(0, 0), Buffer.from(handler, 'latin1'), u32(0, 0, 0))
  const moov = box('moov', mvhd, box('trak', tkhd, box('edts', elst), box('mdia', hdlr)))
  return Buffer.concat([box('ftyp', Buffer.from('isom', 'latin1'), u32(0)), moov, box('mdat', Buffer.alloc(16))])
}

let dir: string
beforeAll(async () => {
  dir = await tempDir('mp4-edit')
})
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

describe('setMp4VideoDuration', () => {
  it('sets the video edit, the track header and the movie header to the clip length, in place', async () => {
    const file = path.join(dir, 'a.mp4')
    const original = mp4('vide', 1720)
    await fs.writeFile(file, original)
    expect(await setMp4VideoDuration(file, 1.76)).toBe(true)
    const fixed = await fs.readFile(file)
    expect(fixed.length).toBe(original.length)
    const at = (type: string) => fixed.indexOf(type, 0, 'latin1') + 4
    expect(fixed.readUInt32BE(at('elst') + 8)).toBe(1760)
    expect(fixed.readInt32BE(at('elst') + 12)).toBe(2048)
    expect(fixed.readUInt32BE(at('tkhd') + 20)).toBe(1760)
    expect(fixed.readUInt32BE(at('mvhd') + 16)).toBe(1760)
  })

  it('keeps a leading empty edit and counts it in the track length', async () => {
    const file = path.join(dir, 'b.mp4')
    await fs.writeFile(file, mp4('vide', 1720, 40))
    expect(await setMp4VideoDuration(file, 1.76)).toBe(true)
    const fixed = await fs.readFile(file)
    const elst = fixed.indexOf('elst', 0, 'latin1') + 4
    expect(fixed.readUInt32BE(elst + 8)).toBe(40)
    expect(fixed.readUInt32BE(elst + 20)).toBe(1760)
    expect(fixed.readUInt32BE(fixed.indexOf('tkhd', 0, 'latin1') + 4 + 20)).toBe(1800)
  })

  it('leaves a file without a video track or without moov first alone', async () => {
    const audio = path.join(dir, 'c.mp4')
    const original = mp4('soun', 1720)
    await fs.writeFile(audio, original)
    expect(await setMp4VideoDuration(audio, 1.76)).toBe(false)
    expect(await fs.readFile(audio)).toEqual(original)
    const late = path.join(dir, 'd.mp4')
    await fs.writeFile(late, Buffer.concat([box('ftyp', Buffer.from('isom', 'latin1')), box('mdat', Buffer.alloc(8))]))
    expect(await setMp4VideoDuration(late, 1.76)).toBe(false)
  })
})
