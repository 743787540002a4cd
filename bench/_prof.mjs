import { load, sampleAnswer, startProduct, viewersOf } from './lib.mjs'
const product = await startProduct({ NODE_OPTIONS: '--import /tmp/prof-hook.mjs' })
const { path } = await sampleAnswer(product, process.argv[2] ?? '/api/events?limit=50&api_key={key}')
const viewers = await viewersOf(product, 2000)
process.kill(product.pid, 'SIGUSR2'); await new Promise(r=>setTimeout(r,200))
const r = await load(product.url + path, { duration: 8, unique: process.argv[3] !== 'cached', viewers })
console.log(r.rps, r.p99)
await product.stop()
