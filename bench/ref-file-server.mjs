// The reference for file delivery: bare node:http streaming one file from disk for every request.
import fs from 'node:fs'
import http from 'node:http'

const [port, file, type] = process.argv.slice(2)
http
  .createServer((_req, res) => {
    const { size } = fs.statSync(file)
    res.writeHead(200, { 'content-type': type, 'content-length': size })
    fs.createReadStream(file).pipe(res)
  })
  .listen(Number(port), '127.0.0.1')
