/**
 * One fix to an MP4 that ffmpeg writes: the length of its video. ffmpeg 4.1's muxer ends a track's edit at
 * the last packet in decode order, so a stream whose reordering runs to the end (B-frames) loses its last
 * frame(s) in every player that honours edit lists, and a clip whose re-encoded head is one or two frames
 * gets a media header that many frames short. The clip's length is known to the frame, so the edit, the
 * track header, the media header and the movie header are set to it, in place (sizes unchanged). The moov
 * box must come first (faststart).
 */
import fs from 'node:fs/promises'

interface Box {
  type: string
  start: number
  /** Start of the box's payload. */
  body: number
  end: number
}

function boxes(buf: Buffer, from: number, to: number): Box[] {
  const out: Box[] = []
  let at = from
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at)
    const type = buf.toString('latin1', at + 4, at + 8)
    let body = at + 8
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8))
      body = at + 16
    } else if (size === 0) {
      size = to - at
    }
    if (size < 8 || at + size > to) break
    out.push({ type, start: at, body, end: at + size })
    at += size
  }
  return out
}

const child = (buf: Buffer, box: Box, type: string) => boxes(buf, box.body, box.end).find((b) => b.type === type)

/** Writes a duration field of a full box: 32-bit in version 0, 64-bit in version 1. */
function writeDuration(buf: Buffer, box: Box, offsetV0: number, offsetV1: number, value: number): void {
  if (buf[box.body] === 1) buf.writeBigUInt64BE(BigInt(value), box.body + offsetV1)
  else buf.writeUInt32BE(value, box.body + offsetV0)
}

/**
 * Sets the video track's presentation length of the MP4 at `file` to `durationSec` (its edit list entry,
 * track header and, when longer, the movie header). Returns false when the file has no moov at its start
 * or no video edit list (nothing changed).
 */
export async function setMp4VideoDuration(file: string, durationSec: number): Promise<boolean> {
  const handle = await fs.open(file, 'r+')
  try {
    const head = Buffer.alloc(16)
    await handle.read(head, 0, 16, 0)
    // ftyp, then moov (faststart).
    const ftypSize = head.readUInt32BE(0)
    const sizeBuf = Buffer.alloc(8)
    await handle.read(sizeBuf, 0, 8, ftypSize)
    if (sizeBuf.toString('latin1', 4, 8) !== 'moov') return false
    const moovSize = sizeBuf.readUInt32BE(0)
    const buf = Buffer.alloc(moovSize)
    await handle.read(buf, 0, moovSize, ftypSize)
    const [moov] = boxes(buf, 0, moovSize)
    const mvhd = moov && child(buf, moov, 'mvhd')
    if (!moov || !mvhd) return false
    const v1 = buf[mvhd.body] === 1
    const movieScale = buf.readUInt32BE(mvhd.body + (v1 ? 20 : 12))
    const wanted = Math.round(durationSec * movieScale)
    let changed = false
    for (const trak of boxes(buf, moov.body, moov.end).filter((b) => b.type === 'trak')) {
      const mdia = child(buf, trak, 'mdia')
      const hdlr = mdia && child(buf, mdia, 'hdlr')
      if (!hdlr || buf.toString('latin1', hdlr.body + 8, hdlr.body + 12) !== 'vide') continue
      const edts = child(buf, trak, 'edts')
      const elst = edts && child(buf, edts, 'elst')
      const tkhd = child(buf, trak, 'tkhd')
      if (!tkhd) continue
      let empty = 0
      if (elst) {
        const elstV1 = buf[elst.body] === 1
        const count = buf.readUInt32BE(elst.body + 4)
        const entry = elstV1 ? 20 : 12
        // The last entry is the media (an empty edit, media_time −1, may come first).
        const last = elst.body + 8 + (count - 1) * entry
        if (count < 1 || last + entry > elst.end) continue
        if (elstV1) buf.writeBigUInt64BE(BigInt(wanted), last)
        else buf.writeUInt32BE(wanted, last)
        empty = count > 1 ? (elstV1 ? Number(buf.readBigUInt64BE(elst.body + 8)) : buf.readUInt32BE(elst.body + 8)) : 0
      }
      writeDuration(buf, tkhd, 20, 28, wanted + empty)
      // The media header and the last sample's duration too, in the track's own timescale: the
      // timestamps rewrite of a one- or two-frame head leaves the samples' durations that many frames
      // short, and players and ffprobe read the track's length from them.
      const mdhd = child(buf, mdia, 'mdhd')
      if (mdhd) {
        const mv1 = buf[mdhd.body] === 1
        const scale = buf.readUInt32BE(mdhd.body + (mv1 ? 20 : 12))
        const media = Math.round(durationSec * scale)
        const current = mv1 ? Number(buf.readBigUInt64BE(mdhd.body + 24)) : buf.readUInt32BE(mdhd.body + 16)
        if (scale > 0 && media > current) writeDuration(buf, mdhd, 16, 24, media)
        const minf = child(buf, mdia, 'minf')
        const stbl = minf && child(buf, minf, 'stbl')
        const stts = stbl && child(buf, stbl, 'stts')
        if (scale > 0 && stts) {
          const entries = buf.readUInt32BE(stts.body + 4)
          const at = (k: number) => stts.body + 8 + k * 8
          if (entries > 0 && at(entries) <= stts.end) {
            let sum = 0
            for (let k = 0; k < entries; k++) sum += buf.readUInt32BE(at(k)) * buf.readUInt32BE(at(k) + 4)
            const lastCount = buf.readUInt32BE(at(entries - 1))
            // Only a last entry of one sample can take the rest without growing the table.
            if (media > sum && lastCount === 1) {
              buf.writeUInt32BE(buf.readUInt32BE(at(entries - 1) + 4) + (media - sum), at(entries - 1) + 4)
            }
          }
        }
      }
      const movie =
        buf[mvhd.body] === 1 ? Number(buf.readBigUInt64BE(mvhd.body + 24)) : buf.readUInt32BE(mvhd.body + 16)
      if (wanted + empty > movie) writeDuration(buf, mvhd, 16, 24, wanted + empty)
      changed = true
    }
    if (changed) await handle.write(buf, 0, moovSize, ftypSize)
    return changed
  } finally {
    await handle.close()
  }
}
