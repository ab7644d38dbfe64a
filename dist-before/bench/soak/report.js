/** The soak's readable summary on stderr: one table of what was done and what was checked. */
const mib = (bytes) => `${(bytes / 1048576).toFixed(1)} MiB`;
export function printTable(s) {
    const errors = Object.entries(s.requests.outcomes)
        .filter(([outcome]) => outcome !== 'ok' && outcome !== 'cancelled')
        .map(([outcome, n]) => `${outcome}×${n}`)
        .join(', ');
    const rows = [
        ['wall time', `${s.wallSeconds} s`],
        [
            'saturation / rate',
            `${s.calibration.saturationPerSecond} / ${s.calibration.ratePerSecond} req/s`,
        ],
        [
            'calls (ok, cancelled, shed)',
            `${s.requests.calls} (${s.requests.ok}, ${s.requests.cancelledBySoak}, ${s.requests.shed})`,
        ],
        ['errors by code', errors || 'none'],
        [
            'requests on the wire / answered',
            `${s.requests.onTheWire.sent} / ${s.requests.onTheWire.answered}`,
        ],
        ['lost', String(s.lost)],
        [
            'failed HTTP exchanges (client told)',
            Object.entries(s.failedExchanges)
                .map(([why, n]) => `${why}×${n}`)
                .join(', ') || 'none',
        ],
        ['duplicated', String(s.duplicated)],
        ['leaks to a denied principal', String(s.leaks)],
        ['upstream kills (turns missed)', `${s.kills} (${s.killMisses})`],
        [
            'config rewrites (reloads applied, rejected)',
            `${s.rewrites} (${s.reloads.applied}, ${s.reloads.rejected})`,
        ],
        [
            'RSS after warm-up → end',
            `${mib(s.rss.afterWarmUp)} → ${mib(s.rss.end)} (${(s.rss.growth * 100).toFixed(1)}%)`,
        ],
        [
            'fds idle / max under load / after settle',
            `${s.fds.idle} / ${s.fds.duringLoadMax} / ${s.fds.afterSettle}`,
        ],
        ['result', s.pass ? 'PASS' : `FAIL: ${s.failures.join('; ')}`],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    process.stderr.write(`\n${rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n')}\n\n`);
}
//# sourceMappingURL=report.js.map