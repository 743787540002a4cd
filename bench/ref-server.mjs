// The reference: bare node:http answering every request with the same bytes and headers.
import fs from 'node:fs'
import http from 'node:http'

const [port, file] = process.argv.slice(2)
const { body, headers } = JSON.parse(fs.readFileSync(file, 'utf8'))
const bytes = Buffer.from(body, 'base64')
http
  .createServer((_req, res) => {
    res.writeHead(200, { ...headers, 'content-length': bytes.length })
    res.end(bytes)
  })
  .listen(Number(port), '127.0.0.1')
