export class BodyTooLargeError extends Error {
    constructor(limit) {
        super(`response body over ${limit} bytes`);
        this.name = 'BodyTooLargeError';
    }
}
/** How long a stream we stopped reading may take to end before its socket is dropped. */
const LINGER_MS = 1000;
/** Reads a whole body as UTF-8, failing past `limit` bytes (the socket is then destroyed). */
export function readText(res, limit) {
    return new Promise((resolve, reject) => {
        const declared = Number(res.headers['content-length']);
        if (declared > limit) {
            res.destroy();
            reject(new BodyTooLargeError(limit));
            return;
        }
        const chunks = [];
        let size = 0;
        res.on('data', (chunk) => {
            size += chunk.byteLength;
            if (size > limit) {
                res.destroy();
                reject(new BodyTooLargeError(limit));
                return;
            }
            chunks.push(chunk);
        });
        res.once('end', () => {
            resolve(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString());
        });
        res.once('error', reject);
        res.once('close', () => {
            if (!res.complete)
                reject(new Error('the response body was cut off'));
        });
    });
}
/**
 * Feeds an SSE body to `parser` until the body ends or `stop()` turns true after a chunk;
 * rejects when the stream breaks. The caller keeps the parser (its `lastEventId` survives).
 * After `stop()` the rest of the body is drained unread, so the server's end of the stream
 * (which normally follows at once) keeps the socket reusable; a body still open after
 * `LINGER_MS` is destroyed.
 */
export function pumpSse(res, parser, stop = () => false) {
    return new Promise((resolve, reject) => {
        let stopped = false;
        res.setEncoding('utf8'); // a StringDecoder: multi-byte characters split across chunks survive
        const onData = (chunk) => {
            parser.push(chunk);
            if (!stop())
                return;
            stopped = true;
            res.off('data', onData);
            parser.end();
            res.resume();
            if (!res.complete) {
                const timer = setTimeout(() => res.destroy(), LINGER_MS);
                timer.unref();
                res.once('close', () => clearTimeout(timer));
            }
            resolve();
        };
        res.on('data', onData);
        res.once('end', () => {
            if (stopped)
                return;
            parser.end();
            resolve();
        });
        res.once('error', reject);
        res.once('close', () => {
            if (!stopped && !res.complete)
                reject(new Error('the SSE stream was cut off'));
        });
    });
}
//# sourceMappingURL=httpBody.js.map