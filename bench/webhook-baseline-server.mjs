// The bare baseline for the webhook phase of `npm run bench:purchases`: node:http that reads the raw
// body, checks its Acquirer-Signature with the acquirer's own client helper (what our endpoint runs
// first) and answers 200. No JSON parsing, no database: the ratio api ÷ this is what applying an
// event costs us beyond receiving a verified one.
//
// Run as a child process (its own event loop, like the api). Environment: WEBHOOK_SECRETS
// (comma-separated), SIGNATURE_MODULE (file URL of dist/libs/sandbox-acquirer/src/client/index.js).
// Sends { port } to the parent over IPC once it listens.
import http from 'node:http';

const { verifyWebhookSignature } = await import(process.env.SIGNATURE_MODULE);
const secrets = process.env.WEBHOOK_SECRETS.split(',');

function send(res, status, text) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const check = verifyWebhookSignature(
      Buffer.concat(chunks).toString('utf8'),
      req.headers['acquirer-signature'],
      secrets,
    );
    if (check.valid) send(res, 200, '{"received":true}');
    else send(res, 400, JSON.stringify({ code: 'invalid_signature', reason: check.reason }));
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
