import { lastValueFrom, of, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { bytesOver, limitResults } from '../../../actors/router/resultLimit.js';
import { ResultStore } from '../../../actors/routes/index.js';
import { RawJson, type RequestEvent } from '../../../core/rpc/index.js';

const run = (event: RequestEvent, limit: number, store: ResultStore) =>
  lastValueFrom(limitResults(of(event), limit, 'token:alice', store).pipe(toArray()));

describe('bytesOver', () => {
  it('decides from the length when it can, counts bytes only in between', () => {
    expect(bytesOver('é'.repeat(300), 900)).toBe(-1); // 300 × 3 ≤ 900: surely under
    expect(bytesOver('a'.repeat(1001), 1000)).toBe(1001); // over by length alone
    expect(bytesOver('é'.repeat(400), 1000)).toBe(-1); // 800 bytes
    expect(bytesOver('é'.repeat(600), 1000)).toBe(1200);
  });
});

describe('limitResults', () => {
  it('passes an event under the limit as the same object (raw text untouched)', async () => {
    const store = new ResultStore({ now: () => 0 });
    const event = {
      kind: 'result',
      result: new RawJson('{"content":[{"type":"text","text":"hi"}]}', 3),
    } as unknown as RequestEvent;
    const progress: RequestEvent = { kind: 'progress', params: { progress: 1 } };
    const [out] = await run(event, 1024, store);
    expect(out).toBe(event);
    expect(await lastValueFrom(limitResults(of(progress), 1024, 'x', store))).toBe(progress);
    expect(store.size).toBe(0);
  });

  it('keeps a raw result over the limit whole for the caller and answers the cut', async () => {
    const store = new ResultStore({ now: () => 0 });
    const text = JSON.stringify({ content: [{ type: 'text', text: '😀'.repeat(1000) }] });
    const event = { kind: 'result', result: new RawJson(text, 3) } as unknown as RequestEvent;
    const [out] = await run(event, 1024, store);
    const result = (out as unknown as { result: { _meta: Record<string, unknown> } }).result;
    const full = result._meta['io.github.mcp-mux/fullResult'] as { uri: string; bytes: number };
    expect(full.bytes).toBe(Buffer.byteLength(text));
    const id = full.uri.replace('mcp-mux://results/', '');
    expect(store.get('token:alice', id)?.chunks).toEqual([text]);
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(1024);
  });

  it('measures a parsed (2026-07-28) result too', async () => {
    const store = new ResultStore({ now: () => 0 });
    const value = { content: [{ type: 'text', text: 'x'.repeat(5000) }], resultType: 'complete' };
    const [out] = await run({ kind: 'result', result: value }, 1024, store);
    const result = (out as { result: Record<string, unknown> }).result;
    expect(result.resultType).toBe('complete');
    expect(store.size).toBe(1);
  });
});
