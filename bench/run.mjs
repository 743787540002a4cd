import { benchBootstrap } from './bootstrap.bench.mjs'
import { benchEvents } from './events.bench.mjs'
import { pinLoadGenerator } from './lib.mjs'
import { benchSegments } from './segments.bench.mjs'

/** `npm run bench`: every benchmark against its reference, measured in the same run; prints ratios. */
pinLoadGenerator()
const duration = Number(process.env.BENCH_SECONDS ?? 5)
const results = [await benchBootstrap({ duration }), await benchEvents({ duration }), await benchSegments({ duration })]
console.log('\nbenchmark        ours req/s   reference req/s   ratio   goal')
const row = (name, ours, ref, ratio, goal) =>
  console.log(
    `${name.padEnd(16)} ${ours.toFixed(0).padStart(10)}   ${ref.toFixed(0).padStart(15)}   ${ratio.toFixed(2).padStart(5)}   ≥ ${goal}`,
  )
for (const r of results) {
  row(r.name, r.ours.rps, r.reference.rps, r.ratio, r.goal)
  if (r.uncached) row(`${r.name} uncached`, r.uncached.rps, r.reference.rps, r.ratioUncached, r.goalUncached)
}
