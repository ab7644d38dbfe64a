/**
 * A raw stdio client for the real CLI: writes JSON-RPC lines exactly as given (batches, bad
 * input) and collects every line the CLI writes to stdout, parsed. For what an SDK client
 * cannot send.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { cliPath } from './harness.js';

export class RawClient {
  readonly received: unknown[] = [];
  readonly #child: ChildProcessWithoutNullStreams;
  #stderr = '';

  constructor(configFile: string) {
    this.#child = spawn(process.execPath, [cliPath, '--config', configFile], { stdio: 'pipe' });
    this.#child.stderr.on('data', (chunk: Buffer) => {
      this.#stderr += chunk.toString('utf8');
    });
    createInterface({ input: this.#child.stdout }).on('line', (line) => {
      this.received.push(JSON.parse(line));
    });
  }

  get stderr(): string {
    return this.#stderr;
  }

  /** Writes one line: a value is JSON-encoded, a string is written as is. */
  send(message: unknown): void {
    this.#child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  }

  /** The first received message (from `from` on) that `match` accepts; rejects after `ms`. */
  async next(match: (message: unknown) => boolean, ms = 10_000, from = 0): Promise<unknown> {
    for (let waited = 0; waited <= ms; waited += 20) {
      const found = this.received.slice(from).find(match);
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no matching message within ${ms} ms; stderr:\n${this.#stderr}`);
  }

  /** `initialize` with `protocolVersion`, then `notifications/initialized`; returns the result. */
  async initialize(protocolVersion: string): Promise<Record<string, unknown>> {
    this.send({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    const response = (await this.next((m) => (m as { id?: unknown }).id === 'init', 30_000)) as {
      result: Record<string, unknown>;
    };
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return response.result;
  }

  /** Ends stdin (the CLI shuts down) and waits for the process to exit (bounded). */
  async close(): Promise<void> {
    if (this.#child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.#child.once('exit', resolve));
    this.#child.stdin.end();
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}
