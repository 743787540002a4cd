/**
 * What ffmpeg may read (design §8 "Processes"): server-owned local files, RTMP from the local ingest, and
 * generated lavfi sources. Everything else (http:, concat:, subfile, pipes, capture devices, filters that
 * open files or sockets) is refused before a process starts.
 */

/** Thrown before spawning when an argument list would make ffmpeg read something it must not. */
export class FfmpegInputError extends Error {
  override name = 'FfmpegInputError'
}

export interface CheckInputsOptions {
  /** RTMP hosts besides loopback that ffmpeg may pull from (an external ingest server). */
  allowedRtmpHosts?: readonly string[]
  /**
   * Concat lists (absolute paths) the server wrote itself (`concatListText`: absolute paths inside its own
   * temp folder): only these may be read with the concat demuxer (`-f concat`), never one from elsewhere.
   */
  concatLists?: readonly string[]
}

/** Container formats an input may be forced to with `-f`. No devices, no `concat`, no `lavfi` except as below. */
const INPUT_FORMATS = new Set([
  'lavfi',
  'flv',
  'live_flv',
  'mpegts',
  'mov',
  'mp4',
  'hls',
  'matroska',
  'webm',
  'mp3',
  'aac',
  'wav',
  'image2',
  // Chapters and titles written by the server (the highlight reel): a text format that opens nothing else.
  'ffmetadata',
])

/** Protocols the input's `-protocol_whitelist` may name, by kind of input. */
const FILE_PROTOCOLS = new Set(['file'])
const RTMP_PROTOCOLS = new Set(['rtmp', 'tcp', 'file'])

/** Filters that read files or URLs, or open sockets: refused in any filter graph. */
const FORBIDDEN_FILTERS = ['movie', 'amovie', 'zmq', 'azmq', 'sendcmd', 'asendcmd']
/** Options that read a filter graph or other content from a file. */
const FORBIDDEN_OPTIONS = /^-(filter_complex_script|filter_script(:.*)?|dump_attachment(:.*)?|attach)$/
/** Options whose value is a filter graph. */
const FILTER_OPTIONS = /^-(filter_complex|lavfi|vf|af|filter(:.*)?)$/

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

/** The protocol ffmpeg would pick for `name`, the way libavformat's `url_find_protocol` does; null for a file path. */
export function protocolOf(name: string): string | null {
  if (name.startsWith('subfile,')) return 'subfile'
  const m = /^[A-Za-z0-9+.-]*:/.exec(name)
  return m ? m[0].slice(0, -1).toLowerCase() : null
}

/** Throws unless `file` is a plain local path (no protocol prefix, no pipe, no option-looking name). */
export function assertLocalFile(file: string): void {
  if (!file || file === '-' || file.startsWith('-'))
    throw new FfmpegInputError(`not a file path: ${JSON.stringify(file)}`)
  if (/[\0\r\n]/.test(file)) throw new FfmpegInputError('file path contains control characters')
  const protocol = protocolOf(file)
  if (protocol !== null) throw new FfmpegInputError(`input protocol "${protocol}" is not allowed: ${file}`)
}

/** Throws when a filter graph uses a filter that reads files or URLs or opens sockets. */
export function checkFilterGraph(graph: string): void {
  for (const filter of FORBIDDEN_FILTERS) {
    // A filter name stands at the start of a chain element: after start, `,`, `;` or a `]` label.
    const re = new RegExp(`(^|[,;\\]\\s])${filter}\\s*(=|@|,|;|\\[|$)`, 'i')
    if (re.test(graph)) throw new FfmpegInputError(`filter "${filter}" is not allowed`)
  }
}

function lastOption(window: readonly string[], name: string): string | undefined {
  for (let i = window.length - 2; i >= 0; i--) if (window[i] === name) return window[i + 1]
  return undefined
}

/**
 * Validates every input of an ffmpeg argument list before it runs (inputs must come before outputs):
 * - `-f lavfi` inputs: generated sources; the graph must not use movie/amovie/zmq/sendcmd;
 * - `rtmp://` inputs: loopback (or `allowedRtmpHosts`) only, with `-protocol_whitelist` ⊆ rtmp,tcp,file;
 * - anything else must be a plain local path with `-protocol_whitelist file`;
 * - a forced input format (`-f`) must be a container, never a device; `concat` only for a list the caller
 *   names in `concatLists` (one the server wrote), read with `-protocol_whitelist file`.
 * Filter graphs given with -filter_complex/-vf/-af/-lavfi are checked like lavfi inputs, and options that
 * read graphs or attachments from files are refused. Throws `FfmpegInputError`; returns the inputs.
 */
export function checkInputs(args: readonly string[], options: CheckInputsOptions = {}): string[] {
  const inputs: string[] = []
  let windowStart = 0
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (FORBIDDEN_OPTIONS.test(arg)) throw new FfmpegInputError(`option ${arg} is not allowed`)
    if (FILTER_OPTIONS.test(arg)) {
      const graph = args[i + 1]
      if (graph === undefined) throw new FfmpegInputError(`${arg} needs a value`)
      checkFilterGraph(graph)
      continue
    }
    if (arg !== '-i') continue
    const input = args[i + 1]
    if (input === undefined) throw new FfmpegInputError('-i needs a value')
    const window = args.slice(windowStart, i)
    windowStart = i + 2
    inputs.push(input)
    const format = lastOption(window, '-f')
    const ownList = format === 'concat' && options.concatLists?.includes(input) === true
    if (format !== undefined && !INPUT_FORMATS.has(format) && !ownList) {
      throw new FfmpegInputError(`input format "${format}" is not allowed`)
    }
    if (format === 'lavfi') {
      checkFilterGraph(input)
      continue
    }
    const whitelist = lastOption(window, '-protocol_whitelist')
    const protocols = whitelist?.split(',').map((p) => p.trim().toLowerCase())
    const protocol = protocolOf(input)
    if (protocol === 'rtmp') {
      let host: string
      try {
        host = new URL(input).hostname.toLowerCase()
      } catch {
        throw new FfmpegInputError(`not a valid RTMP URL: ${input}`)
      }
      if (!LOOPBACK.has(host) && !options.allowedRtmpHosts?.map((h) => h.toLowerCase()).includes(host)) {
        throw new FfmpegInputError(`RTMP host "${host}" is not allowed`)
      }
      if (!protocols?.length || protocols.some((p) => !RTMP_PROTOCOLS.has(p))) {
        throw new FfmpegInputError('an RTMP input needs -protocol_whitelist limited to rtmp,tcp,file')
      }
      continue
    }
    assertLocalFile(input)
    if (!protocols?.length || protocols.some((p) => !FILE_PROTOCOLS.has(p))) {
      throw new FfmpegInputError(`a file input needs -protocol_whitelist file: ${input}`)
    }
  }
  return inputs
}
