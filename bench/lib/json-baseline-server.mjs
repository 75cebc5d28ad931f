// The bare baseline for a read route: node:http answering one JSON body held in memory (no framework,
// no database), the floor of what one process can serve on this machine. Run as a child (its own event
// loop, like the api). Environment: BODY (the JSON text). Sends { port } to the parent once it listens.
import http from 'node:http';

const body = Buffer.from(process.env.BODY ?? '{}');
const server = http.createServer((request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
    'cache-control': 'no-store',
  });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
