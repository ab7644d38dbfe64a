/**
 * The soak's command line: `--duration 3m` (s, m or h; a bare number is seconds),
 * `--kill-every 10` (seconds between upstream kills; 0 = none), `--reload-every 20` (seconds
 * between config rewrites; 0 = none), `--rate 40|auto` (requests per second, or half the
 * calibrated saturation), `--out FILE.json`.
 */
import { parseArgs } from 'node:util';
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
/** `90`, `90s`, `3m`, `1h`, `1.5h`, `500ms` → milliseconds. @throws on anything else */
export function parseDuration(text) {
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
    if (!match)
        throw new Error(`not a duration: "${text}" (use e.g. 90s, 3m, 1h)`);
    const ms = Number(match[1]) * UNIT_MS[match[2] ?? 's'];
    if (!(ms > 0))
        throw new Error(`a duration must be positive: "${text}"`);
    return Math.round(ms);
}
/** Seconds, `0` meaning never. */
function seconds(text, flag) {
    const value = text === '0' ? 0 : parseDuration(text);
    if (!Number.isFinite(value))
        throw new Error(`${flag}: not a duration: "${text}"`);
    return value;
}
export function parseSoakFlags(argv) {
    const { values } = parseArgs({
        args: argv,
        options: {
            duration: { type: 'string', default: '3m' },
            'kill-every': { type: 'string', default: '10' },
            'reload-every': { type: 'string', default: '20' },
            rate: { type: 'string', default: 'auto' },
            out: { type: 'string' },
        },
    });
    const rate = values.rate === 'auto' ? undefined : Number(values.rate);
    if (rate !== undefined && !(rate > 0)) {
        throw new Error(`--rate expects requests per second or "auto", got "${values.rate}"`);
    }
    return {
        durationMs: parseDuration(values.duration),
        killEveryMs: seconds(values['kill-every'], '--kill-every'),
        reloadEveryMs: seconds(values['reload-every'], '--reload-every'),
        rate,
        out: values.out,
    };
}
//# sourceMappingURL=flags.js.map