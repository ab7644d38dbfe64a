/** The markdown report of a run: targets, throughput/latency table, memory table, notes. */
import type { RunResult, SubjectResult } from '../results.js';
import { renderComparisons } from './compare.js';
import { formatCompact } from './svgChart.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const int = (n: number | undefined): string => (n === undefined ? '' : String(Math.round(n)));
const fixed = (n: number | undefined): string => (n === undefined ? '' : n.toFixed(1));
const met = (m: boolean | null): string => (m === null ? 'n/a' : m ? '✅ met' : '❌ missed');

function status(s: SubjectResult): string | undefined {
  if (s.status === 'ok') return undefined;
  return `${s.status}${s.reason ? ` (${cell(s.reason)})` : ''}`;
}

export interface MarkdownOptions {
  /** Image paths to embed (relative to the markdown file), if any. */
  charts?: { throughput: string; latency: string };
  /** Heading level of the sections (2 for a standalone file, 3 inside the README). */
  level?: number;
}

export function renderMarkdown(run: RunResult, options: MarkdownOptions = {}): string {
  const h = '#'.repeat(options.level ?? 2);
  const m = run.machine;
  const out: string[] = [];
  const router = run.router ? ` Router: \`${run.router.bin}\` at ${run.router.commit}.` : '';
  out.push(
    `Run ${run.startedAt} (${run.mode}): ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}, load average ${m.loadAverage.join(' → ')}. ` +
      `${run.settings.rounds} interleaved rounds of ${run.settings.roundMs} ms per subject; figures are medians of rounds.${router}`,
    '',
  );
  const peers = Object.entries(run.peers).map(([k, v]) => `${k} ${v}`);
  if (peers.length > 0) out.push(`Peers: ${peers.join(', ')}.`, '');

  out.push(`${h} Targets`, '', '| Target | Threshold | Measured | Result |', '|---|---|---|---|');
  for (const t of run.targets) {
    const note = t.note ? ` — ${t.note}` : '';
    out.push(`| ${cell(t.goal)} | ${t.threshold} | ${cell(t.measured + note)} | ${met(t.met)} |`);
  }
  out.push('');

  if (options.charts) {
    out.push(
      `![throughput](${options.charts.throughput})`,
      '',
      `![latency](${options.charts.latency})`,
      '',
    );
  }

  out.push(
    `${h} Throughput and latency`,
    '',
    '| Scenario | Subject (client→subject→upstream) | req/s | vs baseline | p50 µs | p99 µs | p99.9 µs | CPU µs/req | of it kernel | client CPU µs/req | errors |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  );
  for (const s of run.scenarios.filter((x) => x.kind === 'throughput' || x.kind === 'latency')) {
    s.subjects.forEach((sub, i) => {
      const name = i === 0 ? `**${s.id}**` : '';
      const st = status(sub);
      if (st) {
        out.push(`| ${name} | ${cell(sub.label)} | ${st} | | | | | | | | |`);
        return;
      }
      const ratio =
        sub.ratio === undefined
          ? ''
          : `${sub.ratio.toFixed(2)}×${s.compareBy === 'p50' ? ' (p50)' : ''}`;
      const l = sub.latency;
      out.push(
        `| ${name} | ${cell(sub.label)} | ${sub.throughput === undefined ? '' : formatCompact(sub.throughput)} | ${ratio} | ${int(l?.p50)} | ${int(l?.p99)} | ${int(l?.p999)} | ${fixed(sub.cpuUsPerRequest)} | ${fixed(sub.kernelCpuUsPerRequest)} | ${fixed(sub.clientCpuUsPerRequest)} | ${sub.errors} |`,
      );
    });
  }
  out.push('', ...renderComparisons(run, h));

  const memory = run.scenarios.filter(
    (x) => x.kind === 'memory-idle' || x.kind === 'memory-inflight',
  );
  if (memory.length > 0) {
    out.push(
      `${h} Memory (RSS growth)`,
      '',
      '| Scenario | Subject | per idle session | per parked request |',
      '|---|---|--:|--:|',
    );
    for (const s of memory) {
      for (const sub of s.subjects) {
        const st = status(sub);
        const kb = (b: number | undefined): string =>
          b === undefined ? '' : `${(b / 1000).toFixed(1)} KB`;
        out.push(
          st
            ? `| ${s.id} | ${cell(sub.label)} | ${st} | |`
            : `| ${s.id} | ${cell(sub.label)} | ${kb(sub.metrics.bytesPerSession)} | ${kb(sub.metrics.bytesPerRequest)} |`,
        );
      }
    }
    out.push('');
  }

  const startup = run.scenarios.filter((x) => x.kind === 'startup');
  if (startup.length > 0) {
    out.push(
      `${h} Start-up (spawn until the tools are listed)`,
      '',
      '| Scenario | Subject | ms (median) | vs baseline | RSS then |',
      '|---|---|--:|--:|--:|',
    );
    for (const s of startup) {
      for (const sub of s.subjects) {
        const st = status(sub);
        const ms = sub.metrics.startupMs;
        const rss = sub.metrics.startupRssBytes;
        out.push(
          st
            ? `| ${s.id} | ${cell(sub.label)} | ${st} | | |`
            : `| ${s.id} | ${cell(sub.label)} | ${ms === undefined ? '' : ms.toFixed(0)} | ${sub.ratio === undefined ? '' : `${sub.ratio.toFixed(2)}×`} | ${rss === undefined ? '' : `${(rss / 1048576).toFixed(1)} MiB`} |`,
        );
      }
    }
    out.push('');
  }

  const notes = run.scenarios.flatMap((s) => s.notes.map((n) => `- ${s.id}: ${n}`));
  if (notes.length > 0) out.push(`${h} Notes`, '', ...notes, '');
  return out.join('\n');
}
