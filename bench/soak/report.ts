/** The soak's readable summary on stderr: one table of what was done and what was checked. */

export interface SummaryView {
  wallSeconds: number;
  calibration: { saturationPerSecond: number; ratePerSecond: number };
  requests: {
    calls: number;
    ok: number;
    cancelledBySoak: number;
    shed: number;
    outcomes: Record<string, number>;
    onTheWire: { sent: number; answered: number };
  };
  lost: number;
  failedExchanges: Record<string, number>;
  duplicated: number;
  leaks: number;
  kills: number;
  killMisses: number;
  rewrites: number;
  reloads: { applied: number; rejected: number };
  rss: { afterWarmUp: number; end: number; growth: number };
  fds: { idle: number; duringLoadMax: number; afterSettle: number };
  failures: string[];
  pass: boolean;
}

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;

export function printTable(s: SummaryView): void {
  const errors = Object.entries(s.requests.outcomes)
    .filter(([outcome]) => outcome !== 'ok' && outcome !== 'cancelled')
    .map(([outcome, n]) => `${outcome}×${n}`)
    .join(', ');
  const rows: [string, string][] = [
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
