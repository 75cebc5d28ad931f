// A tiny HTTP load balancer for scripts/cluster.mjs and the soak: each request goes to the next
// upstream in turn (round robin), with X-Forwarded-For set, as a reverse proxy in front of N api
// instances would. An upstream that refuses the connection is skipped for that request.
import http from 'node:http';

/**
 * @param {{ upstreams: number[], port: number, host?: string }} options upstream api ports on 127.0.0.1
 * @returns {Promise<{ url: string, port: number, counts: number[], close: () => Promise<void> }>}
 */
export async function startRoundRobinProxy({ upstreams, port, host = '127.0.0.1' }) {
  let turn = 0;
  const counts = upstreams.map(() => 0);
  const forward = (request, response, attempt) => {
    const index = turn++ % upstreams.length;
    const headers = {
      ...request.headers,
      'x-forwarded-for': [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', '),
    };
    const upstream = http.request(
      { host: '127.0.0.1', port: upstreams[index], method: request.method, path: request.url, headers },
      (answer) => {
        counts[index] += 1;
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.once('error', (error) => {
      // Nothing was sent upstream yet when the connection was refused: another instance may take it.
      if (error.code === 'ECONNREFUSED' && attempt < upstreams.length && !request.readableDidRead)
        return forward(request, response, attempt + 1);
      if (!response.headersSent)
        response
          .writeHead(502, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 'bad_gateway', msg: 'No api instance answered' }));
      else response.destroy();
    });
    request.pipe(upstream);
  };
  const server = http.createServer((request, response) => forward(request, response, 1));
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return {
    url: `http://localhost:${port}`,
    port,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
