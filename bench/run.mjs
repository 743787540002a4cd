import { benchBootstrap } from './bootstrap.bench.mjs'
import { pinLoadGenerator } from './lib.mjs'

/** `npm run bench`: every benchmark against its reference, measured in the same run; prints ratios. */
pinLoadGenerator()
const duration = Number(process.env.BENCH_SECONDS ?? 5)
const results = [await benchBootstrap({ duration })]
console.log('\nbenchmark        ours req/s   reference req/s   ratio   goal')
for (const r of results) {
  console.log(
    `${r.name.padEnd(16)} ${r.ours.rps.toFixed(0).padStart(10)}   ${r.reference.rps.toFixed(0).padStart(15)}   ${r.ratio.toFixed(2).padStart(5)}   ≥ ${r.goal}`,
  )
}
