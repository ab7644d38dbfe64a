/**
 * The relay floor (bench/subjects/relayFloor.ts): the envelope scan and the id mapping as
 * functions, then the compiled relay as a real process in front of the real echo upstream
 * (dist/, which `npm test` builds first).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { echoServerPath, relayFloorPath } from '../../bench/paths.js';
import {
  ByteIdMap,
  IdMap,
  MessageIdMap,
  scanEnvelope,
  scanEnvelopeBytes,
} from '../../bench/subjects/relayFloor.js';
import { RawJson } from '../../core/rpc/envelopeScan.js';
import { stringifyMessage } from '../../core/rpc/wire.js';

type Json = Record<string, unknown>;

const idText = (line: string): string | undefined => {
  const env = scanEnvelope(line);
  return env.idStart === -1 ? undefined : line.slice(env.idStart, env.idEnd);
};

describe('scanEnvelope', () => {
  it('finds the id of a request written id first, and stops before the payload', () => {
    const line = '{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"id":99}}';
    expect(scanEnvelope(line)).toMatchObject({ method: true, response: false });
    expect(idText(line)).toBe('12');
  });

  it('finds a top-level id written after nested values that contain ids, braces and quotes', () => {
    const line =
      '{ "params" : {"id":1,"s":"}\\"id\\":2 ]","a":[{"id":3},"\\\\"]}, "method":"x", "id" : "k\\"1" }';
    expect(scanEnvelope(line)).toMatchObject({ method: true, response: false });
    expect(idText(line)).toBe('"k\\"1"');
  });

  it('tells responses, notifications and non-objects apart', () => {
    expect(scanEnvelope('{"jsonrpc":"2.0","result":{"id":4},"id":5}')).toMatchObject({
      method: false,
      response: true,
    });
    expect(idText('{"jsonrpc":"2.0","result":{"id":4},"id":5}')).toBe('5');
    expect(scanEnvelope('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toMatchObject({
      idStart: -1,
      method: true,
    });
    expect(scanEnvelope('[{"id":1,"method":"x"}]').idStart).toBe(-1);
    expect(scanEnvelope('not json').idStart).toBe(-1);
  });
});

describe('IdMap', () => {
  it('gives requests its own ids and maps responses back, in any order', () => {
    const ids = new IdMap();
    const a = ids.fromClient('{"jsonrpc":"2.0","id":"a","method":"ping"}');
    const b = ids.fromClient('{"jsonrpc":"2.0","id":7,"method":"ping"}');
    expect(a).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    expect(b).toBe('{"jsonrpc":"2.0","id":2,"method":"ping"}');
    expect(ids.fromUpstream('{"jsonrpc":"2.0","id":2,"result":{}}')).toBe(
      '{"jsonrpc":"2.0","id":7,"result":{}}',
    );
    expect(ids.fromUpstream('{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m"}}')).toBe(
      '{"jsonrpc":"2.0","id":"a","error":{"code":1,"message":"m"}}',
    );
    expect(ids.size).toBe(0);
  });

  it('passes notifications, client responses, upstream requests and unknown ids through', () => {
    const ids = new IdMap();
    const lines = [
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      '{"jsonrpc":"2.0","id":"s1","result":{}}',
    ];
    for (const line of lines) expect(ids.fromClient(line)).toBe(line);
    const upstream = [
      '{"jsonrpc":"2.0","id":"s2","method":"ping"}',
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1}}',
      '{"jsonrpc":"2.0","id":42,"result":{}}',
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}',
    ];
    for (const line of upstream) expect(ids.fromUpstream(line)).toBe(line);
  });
});

describe('ByteIdMap (--bytes)', () => {
  const text = (pieces: Buffer[]) => Buffer.concat(pieces).toString('utf8');

  it('maps ids on bytes, with multi-byte characters before and after the id', () => {
    const ids = new ByteIdMap();
    const line = Buffer.from('{"é":"ü€","id":"ö1","method":"m","params":{"x":"€"}}');
    expect(text(ids.fromClient(line))).toBe('{"é":"ü€","id":1,"method":"m","params":{"x":"€"}}');
    expect(text(ids.fromUpstream(Buffer.from('{"id":1,"result":{"t":"😀"}}')))).toBe(
      '{"id":"ö1","result":{"t":"😀"}}',
    );
    expect(ids.size).toBe(0);
  });

  it('decodes the whole line when the id is not within the first 256 bytes', () => {
    const pad = 'x'.repeat(300);
    const late = Buffer.from(`{"params":{"p":"${pad}"},"method":"m","id":42}`);
    const env = scanEnvelopeBytes(late);
    expect(late.toString('latin1', env.idStart, env.idEnd)).toBe('42');
    // An id value that starts in the head and ends past it is read whole.
    for (let shift = 0; shift < 8; shift++) {
      const head = `{"jsonrpc":"2.0","p":"${'y'.repeat(222 + shift)}","method":"m","id":1234567890`;
      const line = Buffer.from(`${head},"params":{"p":"${pad}"}}`);
      const e = scanEnvelopeBytes(line);
      expect(line.toString('latin1', e.idStart, e.idEnd)).toBe('1234567890');
    }
  });
});

describe('MessageIdMap (--decode)', () => {
  it('gives requests new envelopes with its own ids, raw arguments and results kept', () => {
    const ids = new MessageIdMap();
    const args = new RawJson('{"payload":"a \\"b\\"","n":98765432109876543210}', 1);
    const call = ids.fromClient({
      jsonrpc: '2.0',
      id: 'c1',
      method: 'tools/call',
      params: { name: 'echo', arguments: args },
    });
    expect(stringifyMessage(call)).toBe(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"payload":"a \\"b\\"","n":98765432109876543210}}}',
    );
    const result = new RawJson('{"content":[]}', 2);
    const answer = ids.fromUpstream({ jsonrpc: '2.0', id: 1, result });
    expect(stringifyMessage(answer)).toBe('{"jsonrpc":"2.0","id":"c1","result":{"content":[]}}');
    expect(ids.size).toBe(0);
  });

  it('passes notifications, errors for unknown ids and upstream requests through', () => {
    const ids = new MessageIdMap();
    const note = { jsonrpc: '2.0', method: 'notifications/initialized' };
    expect(ids.fromClient(note)).toBe(note);
    const stray = { jsonrpc: '2.0', id: 5, result: {} };
    expect(ids.fromUpstream(stray)).toBe(stray);
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    expect(ids.fromUpstream(ping)).toBe(ping);
    ids.fromClient({ jsonrpc: '2.0', id: 'k', method: 'ping' });
    expect(ids.fromUpstream({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'no' } })).toEqual(
      { jsonrpc: '2.0', id: 'k', error: { code: -1, message: 'no' } },
    );
  });
});

describe('relay floor process', () => {
  beforeAll(() => {
    for (const p of [relayFloorPath, echoServerPath]) {
      if (!existsSync(p)) throw new Error(`${p} missing: run npm run build`);
    }
  });

  const children: ChildProcessWithoutNullStreams[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) c.kill();
  });

  /** The relay in front of a stdio echo, spoken to with raw lines. */
  function relay(flags: string[]) {
    const child = spawn(process.execPath, [
      relayFloorPath,
      ...flags,
      '--',
      process.execPath,
      echoServerPath,
    ]);
    children.push(child);
    const lines: string[] = [];
    let buffer = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      buffer += text;
      let nl = buffer.indexOf('\n');
      while (nl !== -1) {
        lines.push(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        nl = buffer.indexOf('\n');
      }
    });
    const until = async (n: number): Promise<Json[]> => {
      const deadline = Date.now() + 5000;
      while (lines.length < n) {
        if (Date.now() > deadline) throw new Error(`only ${lines.length} of ${n}: ${lines}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return lines.map((l) => JSON.parse(l) as Json);
    };
    return { child, send: (text: string) => child.stdin.write(text), until };
  }

  const callLine = (id: string, payload: string, workMs: number, meta = ''): string =>
    `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{${meta}"name":"echo","arguments":${JSON.stringify({ payload, workMs })}}}\n`;

  describe.each([
    ['text', []],
    ['bytes', ['--bytes']],
    ['decode', ['--decode']],
  ])('%s mode', (_mode, flags: string[]) => {
    it('answers interleaved requests with the ids the client sent', async () => {
      const r = relay(flags);
      r.send(
        '{"jsonrpc":"2.0","id":"init \\"1\\"","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}\n',
      );
      expect((await r.until(1))[0]).toMatchObject({
        id: 'init "1"',
        result: { protocolVersion: '2025-06-18' },
      });
      // Sent in one write, answered out of order (simulated work): slow first, fast last.
      r.send(
        '{"jsonrpc":"2.0","method":"notifications/initialized"}\n' +
          callLine('7', 'slow', 80) +
          callLine('"x"', 'fast "id":1', 0) +
          callLine('3', 'middle', 40, '"_meta":{"progressToken":"p"},'),
      );
      const all = await r.until(5);
      const answers = all.slice(1);
      expect(answers.map((m) => m.id ?? m.method)).toEqual(['x', 'notifications/progress', 3, 7]);
      const text = (m: Json | undefined) =>
        (m?.result as { content: { text: string }[] } | undefined)?.content[0]?.text;
      expect(text(answers[0])).toBe('fast "id":1');
      expect(answers[1]).toMatchObject({ params: { progressToken: 'p', progress: 1 } });
      expect(text(answers[2])).toBe('middle');
      expect(text(answers[3])).toBe('slow');
    });

    it('relays many requests in flight, each answer carrying its own id', async () => {
      const r = relay(flags);
      const n = 200;
      let batch = '';
      for (let i = 0; i < n; i++) batch += callLine(String(1000 + i), `p${i}`, i % 3);
      r.send(batch);
      const answers = await r.until(n);
      const byId = new Map(answers.map((m) => [m.id, m]));
      expect(byId.size).toBe(n);
      for (let i = 0; i < n; i++) {
        const m = byId.get(1000 + i) as { result: { content: { text: string }[] } };
        expect(m.result.content[0]!.text).toBe(`p${i}`);
      }
    });

    it('relays a message larger than a pipe read, multi-byte characters intact', async () => {
      const r = relay(flags);
      const payload = 'aé€😀'.repeat(40_000); // ~400 KB: many reads of the pipe
      r.send(callLine('"big"', payload, 0));
      const [answer] = await r.until(1);
      expect(answer).toMatchObject({ id: 'big', result: { content: [{ text: payload }] } });
    });

    it('drops a line that is not JSON in decode mode only (text and bytes forward it)', async () => {
      const r = relay(flags);
      // A control character inside a string: invalid JSON. The echo answers what reaches it
      // with a parse error (id null), so a forwarded line shows up as an extra answer.
      r.send(`${callLine('1', 'ok', 0).replace('"ok"', '"o\u0001k"')}${callLine('2', 'ok', 0)}`);
      await r.until(1);
      r.send(callLine('3', 'done', 0));
      await r.until(flags.includes('--decode') ? 2 : 3);
      // Anything still on its way would arrive within this.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const ids = (await r.until(0)).map((m) => m.id);
      expect(ids).toEqual(flags.includes('--decode') ? [2, 3] : [null, 2, 3]);
    });

    it('exits when the client closes its stdin (the upstream sees EOF and exits)', async () => {
      const r = relay(flags);
      const exited = new Promise<number | null>((resolve) => r.child.on('exit', resolve));
      r.child.stdin.end();
      expect(await exited).toBe(0);
    });
  });
});
