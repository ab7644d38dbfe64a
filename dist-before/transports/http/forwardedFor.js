import { isIP } from 'node:net';
/** `::ffff:10.0.0.1` → `10.0.0.1`; `[::1]:443` and `10.0.0.1:443` → the address; else undefined. */
export function plainIp(text) {
    let value = text.trim().toLowerCase();
    const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
    if (bracketed)
        value = bracketed[1] ?? '';
    else if (/^[\d.]+:\d+$/.test(value))
        value = value.slice(0, value.lastIndexOf(':'));
    if (value.startsWith('::ffff:') && isIP(value.slice(7)) === 4)
        value = value.slice(7);
    return isIP(value) === 0 ? undefined : value;
}
export function clientAddress(req, trustProxy = false) {
    const peer = plainIp(req.socket.remoteAddress ?? '') ?? 'unknown';
    if (trustProxy === false)
        return peer;
    const trusted = new Set(trustProxy === true ? [] : trustProxy.map((a) => plainIp(a) ?? a));
    if (trustProxy !== true && !trusted.has(peer))
        return peer;
    const header = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
    for (let i = hops.length - 1; i >= 0; i--) {
        const hop = (hops[i] ?? '').trim();
        if (hop === '')
            continue;
        const address = plainIp(hop);
        if (address === undefined)
            return peer;
        if (!trusted.has(address))
            return address;
    }
    return peer;
}
//# sourceMappingURL=forwardedFor.js.map