import { describe, expect, it } from 'vitest'
import { assertLocalFile, checkFilterGraph, checkInputs, FfmpegInputError, protocolOf } from './inputs.js'

const file = (input: string) => ['-hide_banner', '-protocol_whitelist', 'file', '-i', input, '-c', 'copy', 'out.mp4']

describe('protocolOf', () => {
  it('finds the protocol the way ffmpeg does', () => {
    expect(protocolOf('/data/a.mp4')).toBeNull()
    expect(protocolOf('relative/a.mp4')).toBeNull()
    expect(protocolOf('http://x/a.mp4')).toBe('http')
    expect(protocolOf('concat:a.ts|b.ts')).toBe('concat')
    expect(protocolOf('subfile,,start,0,end,10,,:/etc/passwd')).toBe('subfile')
    expect(protocolOf('a:b.mp4')).toBe('a')
    expect(protocolOf(':x')).toBe('')
    expect(protocolOf('FILE:/x')).toBe('file')
  })
})

describe('assertLocalFile', () => {
  it('accepts plain paths, refuses protocols, pipes and options', () => {
    expect(() => assertLocalFile('/srv/media/in.mp4')).not.toThrow()
    expect(() => assertLocalFile('in put.mp4')).not.toThrow()
    for (const bad of ['-', 'pipe:0', 'file:/x', 'http://h/x', '-version', '', 'a\nb', 'x:y']) {
      expect(() => assertLocalFile(bad), bad).toThrow(FfmpegInputError)
    }
  })
})

describe('checkFilterGraph', () => {
  it('refuses filters that open files or sockets', () => {
    expect(() => checkFilterGraph('testsrc2=size=640x360:rate=25,drawtext=text=movie')).not.toThrow()
    expect(() => checkFilterGraph('[0:v]scale=640:360[v]')).not.toThrow()
    expect(() => checkFilterGraph('movie=http\\://x/a.mp4')).toThrow(/movie/)
    expect(() => checkFilterGraph('testsrc2,amovie=/etc/passwd')).toThrow(/amovie/)
    expect(() => checkFilterGraph('[0:v]null[a];[a] zmq [b]')).toThrow(/zmq/)
    expect(() => checkFilterGraph('sendcmd=f=cmds.txt,null')).toThrow(/sendcmd/)
  })
})

describe('checkInputs', () => {
  it('accepts local files with -protocol_whitelist file', () => {
    expect(checkInputs(file('/srv/in.mp4'))).toEqual(['/srv/in.mp4'])
  })

  it('accepts lavfi generated sources without a whitelist', () => {
    const args = ['-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-f', 'lavfi', '-i', 'sine', 'out.mp4']
    expect(checkInputs(args)).toEqual(['testsrc2=size=320x240', 'sine'])
  })

  it('accepts loopback RTMP with an rtmp,tcp whitelist', () => {
    const args = ['-protocol_whitelist', 'rtmp,tcp,file', '-i', 'rtmp://127.0.0.1:1935/live/key', 'out.m3u8']
    expect(checkInputs(args)).toHaveLength(1)
    const local = ['-protocol_whitelist', 'rtmp,tcp', '-i', 'rtmp://localhost/live/key', 'x']
    expect(checkInputs(local)).toHaveLength(1)
  })

  it('refuses remote RTMP unless the host is allowed', () => {
    const args = ['-protocol_whitelist', 'rtmp,tcp', '-i', 'rtmp://ingest.example/live/k', 'x']
    expect(() => checkInputs(args)).toThrow(/RTMP host/)
    expect(checkInputs(args, { allowedRtmpHosts: ['ingest.example'] })).toHaveLength(1)
  })

  it.each([
    'http://example.com/a.mp4',
    'https://example.com/a.m3u8',
    'concat:/a.ts|/b.ts',
    'subfile,,start,0,end,100,,:/etc/passwd',
    'pipe:0',
    '-',
    'tcp://127.0.0.1:9000',
    'file:/etc/passwd',
  ])('refuses %s', (input) => {
    expect(() => checkInputs(file(input))).toThrow(FfmpegInputError)
  })

  it('requires a file-only whitelist for file inputs', () => {
    expect(() => checkInputs(['-i', '/srv/in.mp4', 'out.mp4'])).toThrow(/protocol_whitelist/)
    expect(() => checkInputs(['-protocol_whitelist', 'file,http', '-i', '/srv/in.m3u8', 'o'])).toThrow(
      /protocol_whitelist/,
    )
    expect(() => checkInputs(['-protocol_whitelist', 'rtmp,http', '-i', 'rtmp://127.0.0.1/live/k', 'o'])).toThrow(
      /rtmp,tcp,file/,
    )
  })

  it('attributes options to the right input', () => {
    const args = ['-f', 'lavfi', '-i', 'testsrc2', '-protocol_whitelist', 'file', '-i', '/srv/logo.png', 'out.mp4']
    expect(checkInputs(args)).toEqual(['testsrc2', '/srv/logo.png'])
    // The second input does not inherit the first one's `-f lavfi`.
    expect(() => checkInputs(['-f', 'lavfi', '-i', 'testsrc2', '-i', 'http://x/y', 'o'])).toThrow(FfmpegInputError)
  })

  it('reads a concat list only when the server names it as its own, and then only with the file protocol', () => {
    const list = ['-f', 'concat', '-safe', '0', '-protocol_whitelist', 'file', '-i', '/srv/tmp/w/list.txt', 'o']
    expect(checkInputs(list, { concatLists: ['/srv/tmp/w/list.txt'] })).toEqual(['/srv/tmp/w/list.txt'])
    expect(() => checkInputs(list, { concatLists: ['/srv/tmp/w/other.txt'] })).toThrow(/format/)
    expect(() =>
      checkInputs(['-f', 'concat', '-i', '/srv/tmp/w/list.txt', 'o'], { concatLists: ['/srv/tmp/w/list.txt'] }),
    ).toThrow(/protocol_whitelist/)
    expect(checkInputs(['-f', 'ffmetadata', '-protocol_whitelist', 'file', '-i', '/srv/tmp/w/meta.txt', 'o'])).toEqual([
      '/srv/tmp/w/meta.txt',
    ])
  })

  it('refuses devices, concat demuxer and dangerous filters or options', () => {
    expect(() => checkInputs(['-f', 'x11grab', '-i', ':0.0', 'o'])).toThrow(/format/)
    expect(() => checkInputs(['-f', 'concat', '-protocol_whitelist', 'file', '-i', '/l.txt', 'o'])).toThrow(/format/)
    expect(() => checkInputs(['-f', 'lavfi', '-i', 'movie=/etc/passwd', 'o'])).toThrow(/movie/)
    expect(() => checkInputs([...file('/in.mp4').slice(0, -1), '-filter_complex', 'amovie=x', 'o'])).toThrow(/amovie/)
    expect(() => checkInputs(['-filter_complex_script', 'g.txt', ...file('/in.mp4')])).toThrow(/not allowed/)
    expect(() => checkInputs(['-i'])).toThrow(/needs a value/)
  })
})
