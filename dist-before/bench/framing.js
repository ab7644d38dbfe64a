/**
 * Framing benchmark: how long `NdjsonDecoder` takes to frame (and JSON.parse) one message of
 * 1, 4 and 16 MiB delivered in chunks of 1 B, 1 KiB and 64 KiB. A linear framer keeps ns/byte
 * roughly constant across sizes, so the 16 MiB / 1 MiB time ratio stays near 16 (a quadratic
 * one would be near 256).
 *
 * Run: `npm run build && node dist/bench/framing.js [--quick]`. Chunks are cut with `subarray`
 * while timing, as a stream hands them over; the cost of cutting is part of the figure.
 */
import { NdjsonDecoder } from '../transports/ndjson.js';
const MiB = 1024 * 1024;
const sizes = [1 * MiB, 4 * MiB, 16 * MiB];
const chunkSizes = [1, 1024, 64 * 1024];
/** One JSON-RPC response of exactly `bytes` bytes, newline included. */
function makeMessage(bytes) {
    const head = '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"';
    const tail = '"}]}}\n';
    const filler = bytes - head.length - tail.length;
    // A mix of letters, escapes and 2-byte characters, so the parser does real work.
    const unit = 'abcdefghij\\"\\nklmnopqrstuvwxyzé ';
    const unitBytes = Buffer.byteLength(unit);
    let body = unit.repeat(Math.floor(filler / unitBytes));
    body += 'x'.repeat(filler - Buffer.byteLength(body));
    const message = Buffer.from(head + body + tail, 'utf8');
    if (message.length !== bytes)
        throw new Error(`message is ${message.length} bytes, not ${bytes}`);
    return message;
}
/** Frames `message` in chunks of `chunk` bytes; returns elapsed ms. */
function frameOnce(message, chunk) {
    const decoder = new NdjsonDecoder();
    let frames = 0;
    const started = process.hrtime.bigint();
    for (let at = 0; at < message.length; at += chunk) {
        frames += decoder.push(message.subarray(at, at + chunk)).length;
    }
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    if (frames !== 1)
        throw new Error(`expected 1 frame, got ${frames}`);
    return elapsed;
}
/** The floor: decoding and JSON.parse of the whole message at once, no framing. */
function parseOnce(message) {
    const started = process.hrtime.bigint();
    JSON.parse(message.toString('utf8', 0, message.length - 1));
    return Number(process.hrtime.bigint() - started) / 1e6;
}
function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
function main() {
    const quick = process.argv.includes('--quick');
    const runs = quick ? 1 : 5;
    const messages = new Map(sizes.map((size) => [size, makeMessage(size)]));
    const rows = [];
    const ratios = [];
    for (const chunk of chunkSizes) {
        const timeBySize = new Map();
        for (const size of sizes) {
            const message = messages.get(size);
            frameOnce(message, chunk); // warm-up
            const times = Array.from({ length: runs }, () => frameOnce(message, chunk));
            const ms = median(times);
            timeBySize.set(size, ms);
            rows.push([
                `${size / MiB} MiB`,
                chunk >= 1024 ? `${chunk / 1024} KiB` : `${chunk} B`,
                ms.toFixed(1),
                ((ms * 1e6) / size).toFixed(2),
                ((ms * MiB) / size).toFixed(2),
            ]);
        }
        const ratio = timeBySize.get(16 * MiB) / timeBySize.get(1 * MiB);
        ratios.push([chunk >= 1024 ? `${chunk / 1024} KiB` : `${chunk} B`, ratio.toFixed(1)]);
    }
    print(['message', 'chunk', 'ms', 'ns/byte', 'ms/MiB'], rows);
    console.log('');
    print(['chunk', '16 MiB / 1 MiB time (linear = 16)'], ratios);
    console.log('');
    const floor = sizes.map((size) => {
        const message = messages.get(size);
        parseOnce(message);
        const ms = median(Array.from({ length: runs }, () => parseOnce(message)));
        return [`${size / MiB} MiB`, ms.toFixed(1), ((ms * 1e6) / size).toFixed(2)];
    });
    print(['message', 'toString + JSON.parse alone, ms', 'ns/byte'], floor);
    console.log(`\nnode ${process.version}, median of ${runs} run(s) after one warm-up`);
}
function print(header, rows) {
    const line = (cells) => `| ${cells.join(' | ')} |`;
    console.log(line(header));
    console.log(line(header.map(() => '---')));
    for (const row of rows)
        console.log(line(row));
}
main();
//# sourceMappingURL=framing.js.map