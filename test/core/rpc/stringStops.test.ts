/**
 * The string-stop module (core/rpc/stringStops.ts): the embedded bytes are what its source
 * compiles to, it finds what a byte-by-byte scan finds, and where WebAssembly is missing the
 * decoder still checks every string (node --jitless, a real process).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import wabtInit from 'wabt';
import {
  loadLine,
  nextStop,
  STOPS_MAX_BYTES,
  STRING_STOPS_WASM,
} from '../../../core/rpc/stringStops.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** What the module must find: the first byte below 0x20, a quote or a backslash. */
function naiveStop(bytes: Uint8Array, from: number, end: number): number {
  for (let i = from; i < end; i++) {
    const b = bytes[i] as number;
    if (b < 0x20 || b === 0x22 || b === 0x5c) return i;
  }
  return end;
}

describe('string stops', () => {
  it('embeds what stringStops.wat compiles to', async () => {
    const wabt = await wabtInit();
    const source = readFileSync(join(root, 'core/rpc/stringStops.wat'), 'utf8');
    const compiled = wabt.parseWat('stringStops.wat', source, { simd: true });
    const { buffer } = compiled.toBinary({});
    compiled.destroy();
    expect(Buffer.from(buffer).toString('base64')).toBe(STRING_STOPS_WASM);
  });

  it('finds the first stop byte of any range, in the vector loop and in the tail', () => {
    const stopByte = fc.constantFrom(0x00, 0x0a, 0x1f, 0x22, 0x5c);
    const plainByte = fc.oneof(
      fc.integer({ min: 0x20, max: 0xff }).filter((b) => b !== 0x22 && b !== 0x5c),
      fc.constantFrom(0x20, 0x21, 0x23, 0x5b, 0x5d, 0x7f, 0x80, 0xff),
    );
    const bytes = fc
      .array(fc.oneof({ weight: 12, arbitrary: plainByte }, stopByte), { maxLength: 300 })
      .map((list) => Uint8Array.from(list));
    fc.assert(
      fc.property(bytes, fc.nat(), fc.nat(), (line, a, b) => {
        expect(loadLine(line)).toBe(true);
        const from = line.length === 0 ? 0 : a % (line.length + 1);
        const end = from + (b % (line.length - from + 1));
        expect(nextStop(from, end)).toBe(naiveStop(line, from, end));
      }),
      { numRuns: 2000 },
    );
  });

  it('grows for lines past its first page and refuses lines past STOPS_MAX_BYTES', () => {
    const line = Buffer.alloc(200 * 1024, 0x61);
    line[150 * 1024 + 3] = 0x22;
    expect(loadLine(line)).toBe(true);
    expect(nextStop(0, line.length)).toBe(150 * 1024 + 3);
    expect(nextStop(150 * 1024 + 4, line.length)).toBe(line.length);
    expect(loadLine(Buffer.alloc(STOPS_MAX_BYTES + 1, 0x61))).toBe(false);
    // A shorter line after a longer one: only its own bytes count.
    expect(loadLine(Buffer.from('abc'))).toBe(true);
    expect(nextStop(0, 3)).toBe(3);
  });

  it('without WebAssembly (node --jitless), the decoder checks strings as before', () => {
    const script = `
      import { decodeMessage } from ${JSON.stringify(join(root, 'dist/core/rpc/wire.js'))};
      import { loadLine } from ${JSON.stringify(join(root, 'dist/core/rpc/stringStops.js'))};
      const long = 'y'.repeat(2000);
      const good = '{"jsonrpc":"2.0","id":1,"result":{"text":"' + long + '"}}';
      const bad = '{"jsonrpc":"2.0","id":1,"result":{"text":"' + long + '\\u0001"}}';
      const out = { loaded: loadLine(Buffer.from('x')) };
      out.good = decodeMessage(good, 32, Buffer.from(good)).result.value().text.length;
      try { decodeMessage(bad, 32, Buffer.from(bad)); out.bad = 'accepted'; }
      catch (error) { out.bad = error.name; }
      console.log(JSON.stringify(out));
    `;
    const output = execFileSync(
      process.execPath,
      ['--jitless', '--no-warnings', '--input-type=module', '-e', script],
      { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    expect(JSON.parse(output)).toEqual({ loaded: false, good: 2000, bad: 'SyntaxError' });
  });
});
