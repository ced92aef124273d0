/**
 * Bench helper: bare Express serving a fixed JSON body (read from stdin) on a free port, to show
 * what the machine allows before any Veracity code runs. Prints the port on stdout.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';

let body = '';
process.stdin.on('data', (c) => (body += c));
const app = express();
app.set('etag', false);
app.get('/', (_req, res) => {
  res.type('json').send(body);
});
const server = app.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
