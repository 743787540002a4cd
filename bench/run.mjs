import { benchAlerts } from './alerts.bench.mjs'
import { benchAnalyticsPlot } from './analytics-plot.bench.mjs'
import { benchBootstrap } from './bootstrap.bench.mjs'
import { benchClips } from './clips.bench.mjs'
import { benchConsole } from './console.bench.mjs'
import { benchEvents } from './events.bench.mjs'
import { benchFirstFrame } from './first-frame.bench.mjs'
import { benchGameDay } from './game-day.bench.mjs'
import { benchGlassToGlass } from './glass-to-glass.bench.mjs'
import { benchIngest } from './ingest.bench.mjs'
import { pinLoadGenerator, untilQuiet } from './lib.mjs'
import { benchLighthouse } from './lighthouse.bench.mjs'
import { benchSegments } from './segments.bench.mjs'
import { benchSpike } from './spike.bench.mjs'

/**
 * `npm run bench`: every benchmark against its reference, measured in the same run; prints ratios.
 * `node bench/run.mjs segments first-frame` runs only those (after `npm run build`).
 */
const benches = {
  bootstrap: benchBootstrap,
  events: benchEvents,
  segments: benchSegments,
  'first-frame': benchFirstFrame,
  'glass-to-glass': benchGlassToGlass,
  spike: benchSpike,
  lighthouse: benchLighthouse,
  clips: benchClips,
  console: benchConsole,
  ingest: benchIngest,
  plot: benchAnalyticsPlot,
  alerts: benchAlerts,
  'game-day': benchGameDay,
}
const chosen = process.argv.slice(2)
for (const name of chosen) {
  if (!benches[name]) throw new Error(`no benchmark "${name}" (there are: ${Object.keys(benches).join(', ')})`)
}
pinLoadGenerator()
const duration = Number(process.env.BENCH_SECONDS ?? 5)
const results = []
for (const [name, bench] of Object.entries(benches)) {
  if (chosen.length !== 0 && !chosen.includes(name)) continue
  // What the last benchmark left running (a product shutting down, an encode) is not this one's load.
  await untilQuiet()
  results.push(await bench({ duration }))
}

const rps = (r) => `${r.rps.toFixed(0)} req/s`
const capacity = (r) => (r.serverCpu ? `${r.capacity} req/cpu-s` : rps(r))
const rows = []
const row = (name, ours, reference, ratio, goal) => rows.push([name, ours, reference, ratio, goal])
for (const r of results) {
  if (r.name === 'segments') {
    row('segments vs node', capacity(r.ours), capacity(r.reference), r.ratio.toFixed(2), `≥ ${r.goal}`)
    row('  (throughput)', rps(r.ours), rps(r.reference), r.ratioThroughput.toFixed(2), '')
    row('  (memory cache off)', capacity(r.oursUncached), capacity(r.reference), r.ratioUncached.toFixed(2), '')
    row('  (S3 store)', capacity(r.oursS3), capacity(r.reference), r.ratioS3.toFixed(2), '')
    row('  (S3 store, cache off)', capacity(r.oursS3Uncached), capacity(r.reference), r.ratioS3Uncached.toFixed(2), '')
    if (r.nginx) {
      row('segments vs nginx', capacity(r.ours), capacity(r.nginx), r.ratioNginx.toFixed(2), `≥ ${r.goalNginx}`)
      row('  (throughput)', rps(r.ours), rps(r.nginx), r.ratioNginxThroughput.toFixed(2), '')
      row('  (memory cache off)', capacity(r.oursUncached), capacity(r.nginx), r.ratioNginxUncached.toFixed(2), '')
    } else {
      row('segments vs nginx', 'skipped: nginx not installed', '', '', '')
    }
  } else if (r.name === 'first-frame') {
    row('first frame', `${r.ours.medianMs} ms`, `${r.reference.medianMs} ms`, r.ratio.toFixed(2), `≤ ${r.goal}`)
    // Medians, ms from navigation start (after a purchase: from the click on "Watch now").
    const at = (m) => `${m.playPressable} / ${m.playing} / ${m.firstFrame} ms`
    const asked = (m) => `${m.masterRequested} / ${m.firstSegmentRequested} / ${m.firstSegmentLoaded} ms`
    const p = r.afterPurchase
    row('  pressable / playing / frame', at(r.ours.milestones), at(r.reference.milestones), '', '')
    row('  master / segment asked / loaded', asked(r.ours.milestones), asked(r.reference.milestones), '', '')
    row(
      `after purchase, click → first frame${p.prerolls ? ' (pre-roll)' : ''}`,
      `${p.medianMs} ms`,
      `bare ${r.reference.medianMs} ms`,
      p.ratio.toFixed(2),
      `≤ ${p.goal}`,
    )
    row(`  the game's (${p.prerolls}/${r.runs} pre-rolls)`, `${p.game.medianMs} ms`, '', p.ratioGame.toFixed(2), '')
    if (p.prerolls) row("  pre-roll's end → the game's frame", `${p.gameAfterPrerollMs} ms`, '', '', '')
    row('  pressable / playing / frame', at(p.game.milestones), '', '', '')
    row('  master / segment asked / loaded', asked(p.game.milestones), '', '', '')
  } else if (r.name === 'glass-to-glass') {
    const lag = (x) => `${x.medianS.toFixed(2)} s`
    const stalls = (s) => (s ? `${s.count} stalls (${s.seconds.toFixed(1)} s)` : 'stalls not counted')
    row('live glass-to-glass', lag(r.ours), `bare hls.js ${lag(r.bareHlsJs)}`, '', `≤ ${r.goalS} s`)
    row('  (after the pre-roll)', lag(r.oursAfterPreroll), '', '', `≤ ${r.goalS} s`)
    row("  from the encoder's clock", lag(r.fromEncoder), '', '', `≤ ${r.goalFromEncoderS} s`)
    row(
      '  (rebuffers while sampled)',
      stalls(r.fromEncoder.stalls),
      `bare hls.js ${stalls(r.bareHlsJs.stalls)}`,
      '',
      '0',
    )
    row(
      '  (rebuffers, demo feed)',
      stalls(r.ours.stalls),
      `after the pre-roll ${stalls(r.oursAfterPreroll.stalls)}`,
      '',
      '0',
    )
  } else if (r.name === 'spike') {
    const ms = (x) => `${x.toFixed(1)} ms`
    row(
      `kick-off spike: ${r.spike.viewers} viewers in ${r.spike.seconds.toFixed(0)} s`,
      `${r.spike.errors} errors`,
      '',
      '',
      `${r.goal.errors} errors`,
    )
    row(
      '  API p99, spike vs idle',
      ms(r.spike.apiP99Ms),
      `idle ${ms(r.idle.apiP99Ms)}`,
      r.ratioSpike.toFixed(2),
      `≤ ${r.goal.ratioSpike}`,
    )
    row(
      '  API p99, VOD transcode vs idle',
      ms(r.transcode.apiP99Ms),
      `idle ${ms(r.idle.apiP99Ms)}`,
      r.ratioTranscode.toFixed(2),
      `≤ ${r.goal.ratioTranscode}`,
    )
    row(
      '  server memory (RSS)',
      `peak ${r.memoryMb.peak} MB`,
      `idle ${r.memoryMb.idle} MB`,
      `+${r.memoryMb.peak - r.memoryMb.idle}`,
      `≤ +${r.goal.memoryGrowthMb} MB`,
    )
  } else if (r.name === 'clips') {
    const s = (ms) => `${(ms / 1000).toFixed(2)} s`
    for (const [through, cs] of [
      ['POST /api/clip', r],
      ['cutClip', r.cutClip ?? {}],
    ])
      for (const length of ['30s', '60s']) {
        const c = cs[length]
        if (!c) continue
        const goal = (g) => `≤ ${s(g.goalMs)} ${g.met ? 'met' : 'missed'}`
        row(
          `clip ${length} ready, p50 (${through})`,
          s(c.ours.p50Ms),
          `bare copy ${s(c.reference.p50Ms)}`,
          c.ratio.toFixed(2),
          goal(c.goal.p50),
        )
        row(`  p95`, s(c.ours.p95Ms), `bare copy ${s(c.reference.p95Ms)}`, c.ratioP95.toFixed(2), goal(c.goal.p95))
      }
    if (r.live) {
      const l = r.live
      row('live clip 30s ready, p50, idle', s(l.idle.p50Ms), '', '', '')
      row('  p95, idle', s(l.idle.p95Ms), '', '', '')
      row(
        'live clip 30s, both encode slots busy, p50',
        s(l.busy.p50Ms),
        `idle ${s(l.idle.p50Ms)}`,
        l.ratioP50.toFixed(2),
        '',
      )
      row(
        '  p95',
        s(l.busy.p95Ms),
        `idle ${s(l.idle.p95Ms)}`,
        l.ratioP95.toFixed(2),
        `≤ ${l.goal.ratioP95} ${l.meetsGoal ? 'met' : 'missed'}`,
      )
    }
  } else if (r.name === 'alerts') {
    const run = (x) => `${x.seconds} s, ${x.duplicates} duplicates, ${x.lost} lost`
    const killed = r.mail.killedAt ? ` (worker killed at ${r.mail.killedAt.received})` : ''
    const goal = `≤ ${r.goal.seconds} s, 0, 0`
    row(
      `${r.followers} followers' go-live by mail${killed}`,
      run(r.mail),
      `bare pool ${r.reference.seconds} s`,
      r.ratio.toFixed(2),
      goal,
    )
    row(`  the same by web push`, run(r.push), '', '', goal)
    const g = r.goLive
    row(
      '  go-live alert after the first segment',
      `${g.alertAfterFirstSegment} of ${g.goLives}`,
      `median +${g.medianAfterSegmentMs} ms, max +${g.maxAfterSegmentMs} ms`,
      '',
      `${g.goLives} of ${g.goLives} ${r.met ? 'met' : 'missed'}`,
    )
  } else if (r.name === 'game-day') {
    // Its own table (figure, goal, measured, met), as the README carries it.
    for (const [figure, goal, measured, met] of r.table)
      row(figure, measured, '', '', `${goal} ${met === 'yes' ? 'met' : 'missed'}`)
  } else if (r.name === 'ingest') {
    const rs = (x) => `${x.recordsPerSecond} records/s`
    row('analytics ingest vs bare inserts', rs(r.ours), rs(r.reference), r.ratio.toFixed(2), `≥ ${r.goal.ratio}`)
    row('  absolute', rs(r.ours), '', '', `≥ ${r.goal.recordsPerSecond}`)
    row('  acknowledged records lost', String(r.lost), '', '', `${r.goal.lost}`)
  } else if (r.name === 'plot') {
    const ms = (x) => `${x.toFixed(1)} ms`
    row(
      `analytics plot, ${r.ours.points} minutes, p50`,
      ms(r.ours.p50Ms),
      `bare uPlot ${ms(r.reference.p50Ms)}`,
      r.ratio.toFixed(2),
      `≤ ${r.goalMs} ms ${r.meetsGoal ? 'met' : 'missed'}`,
    )
    row('  slowest', ms(r.ours.maxMs), `bare uPlot ${ms(r.reference.maxMs)}`, '', '')
    row('  from mount (uPlot chunk loaded), p50', ms(r.oursFromMount.p50Ms), '', '', `≤ ${r.goalMs} ms`)
  } else if (r.name === 'console') {
    const kb = (b) => `${(b / 1024).toFixed(1)} KB`
    row(
      'console JS (gzip), every page opened',
      kb(r.console.gzipBytes),
      '',
      '',
      `≤ ${r.budgetKb} KB ${r.meetsBudget ? 'met' : 'missed'}`,
    )
    row('  + on-demand (upload client, QR)', kb(r.everything.gzipBytes), '', '', 'in all')
    row('  only the console loads', kb(r.consoleOnly.gzipBytes), '', '', '')
    row('  shared with viewer pages, lazy', kb(r.sharedWithViewer.gzipBytes), '', '', 'not counted')
    if (r.homeChange)
      row(
        '  viewer home JS vs before the console',
        kb(r.homeChange.gzipBytes),
        `${r.homeChange.baselineCommit} ${kb(r.homeChange.baselineGzipBytes)}`,
        (r.homeChange.gzipBytes / r.homeChange.baselineGzipBytes).toFixed(3),
        r.homeUnchangedByConsole ? 'no console code' : 'CONSOLE CODE',
      )
    const ms = (x) => `${x.toFixed(1)} ms`
    const p = r.preview
    row('colour preview, input to painted, p50', ms(p.toPainted.p50Ms), '', '', `≤ ${p.goalMs} ms`)
    row('  p95', ms(p.toPainted.p95Ms), '', '', `≤ ${p.goalMs} ms ${p.meetsGoal ? 'met' : 'missed'}`)
  } else if (r.name === 'lighthouse') {
    for (const p of Object.values(r.pages)) {
      row(
        `lighthouse ${p.path.replace(/\/\d+$/, '/{id}')} performance`,
        p.performance.toFixed(2),
        '',
        '',
        `≥ ${r.goal.performance}`,
      )
      row('  LCP', `${(p.lcpMs / 1000).toFixed(2)} s`, '', '', `≤ ${r.goal.lcpMs / 1000} s`)
      row('  TBT', `${p.tbtMs} ms`, '', '', `≤ ${r.goal.tbtMs} ms`)
      row('  CLS', p.cls.toFixed(3), '', '', `≤ ${r.goal.cls}`)
      row('  JS over the wire', `${(p.jsBytes / 1024).toFixed(0)} KiB`, '', '', '')
    }
    const kib = (b) => `${(b / 1024).toFixed(0)} KiB`
    row(
      'home JS (gzip) vs bare React shell',
      kib(r.homeJsGzip),
      kib(r.bareReactShellGzip),
      r.jsRatio.toFixed(2),
      `≤ ${r.goal.jsRatio}`,
    )
  } else {
    // Per second of the server's CPU (judged), then plain throughput, which one client core caps.
    row(`${r.name} per cpu-s`, capacity(r.ours), capacity(r.reference), r.ratioPerCpu.toFixed(2), `≥ ${r.goal}`)
    row('  (throughput)', rps(r.ours), rps(r.reference), r.ratio.toFixed(2), '')
    if (r.uncached) {
      const { ratioUncachedPerCpu: perCpu, ratioUncached } = r
      row(
        `${r.name} uncached per cpu-s`,
        capacity(r.uncached),
        capacity(r.reference),
        perCpu.toFixed(2),
        `≥ ${r.goalUncached}`,
      )
      row('  (throughput)', rps(r.uncached), rps(r.reference), ratioUncached.toFixed(2), '')
    }
  }
}
const header = ['benchmark', 'ours', 'reference', 'ratio', 'goal']
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((cells) => cells[i].length)))
const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('   ')
console.log(`\n${line(header)}`)
for (const cells of rows) console.log(line(cells))
for (const r of results) if (r.note) console.log(`\n${r.name}: ${r.note}`)
