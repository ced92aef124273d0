/**
 * The condition sandbox's thread: evaluates rule conditions one by one and posts each outcome as
 * soon as it is known, so the parent can tell which condition overran its deadline.
 */
import { parentPort } from 'node:worker_threads';
import { type ConditionContext, evaluateRule } from '../../../engine/index.js';
import type { SandboxReady, SandboxReply, SandboxRequest } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('condition-worker must run in a worker thread');

port.on('message', (request: SandboxRequest) => {
  const ctx: ConditionContext = request.ctx;
  request.conditions.forEach((condition, index) => {
    const reply: SandboxReply = { job: request.job, index, outcome: evaluateRule({ condition }, ctx) };
    port.postMessage(reply);
  });
});

port.postMessage({ ready: true } satisfies SandboxReady);
