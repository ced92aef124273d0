/** A webhook receiver for tests, whose answer each test decides per request. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

/** A webhook receiver whose answer the test decides per request. */
export class Receiver {
  readonly deliveries: Delivery[] = [];
  answer: (n: number) => number | 'hang' = () => 200;
  private server!: Server;
  url = '';
  private waiters: Array<() => void> = [];

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        this.deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        this.waiters.splice(0).forEach((w) => w());
        const status = this.answer(this.deliveries.length);
        if (status !== 'hang') res.writeHead(status).end();
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  async waitFor(count: number, timeoutMs = 15_000): Promise<Delivery[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.deliveries.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} deliveries, got ${this.deliveries.length}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 200);
      });
    }
    return this.deliveries;
  }

  close(): void {
    this.server.closeAllConnections();
    this.server.close();
  }
}
