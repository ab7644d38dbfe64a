/**
 * A hand-written SVG grouped horizontal bar chart (no chart library): one group of bars per
 * category (scenario), one bar per series (subject or percentile), linear or log axis.
 * Every series is a `<g data-series="…">` so that readers and tests can find it; each bar
 * has a `<title>` tooltip with its exact value. Unmeasured values are drawn as "n/a"; a
 * category only has rows for the series that take part in it.
 */
const PALETTE = [
    '#4e79a7',
    '#f28e2b',
    '#59a14f',
    '#e15759',
    '#76b7b2',
    '#edc948',
    '#b07aa1',
    '#9c755f',
];
export function escapeXml(text) {
    return text.replace(/[&<>"']/g, (c) => c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;');
}
/** 950 → "950", 12_345 → "12.3k", 4_200_000 → "4.2M". */
export function formatCompact(n) {
    const abs = Math.abs(n);
    const short = (v, digits) => v.toFixed(digits).replace(/\.0$/, '');
    if (abs >= 1e9)
        return `${short(n / 1e9, abs >= 1e10 ? 0 : 1)}G`;
    if (abs >= 1e6)
        return `${short(n / 1e6, abs >= 1e7 ? 0 : 1)}M`;
    if (abs >= 1e3)
        return `${short(n / 1e3, abs >= 1e4 ? 0 : 1)}k`;
    if (abs >= 10 || Number.isInteger(n))
        return String(Math.round(n));
    return n.toFixed(2);
}
function niceStep(max) {
    const raw = max / 5;
    const mag = 10 ** Math.floor(Math.log10(raw));
    const norm = raw / mag;
    return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}
function makeAxis(scale, values, x0, width) {
    if (scale === 'log') {
        const positive = values.filter((v) => v > 0);
        const lo = positive.length > 0 ? Math.floor(Math.log10(Math.min(...positive))) : 0;
        const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...positive, 1))));
        const ticks = Array.from({ length: hi - lo + 1 }, (_, i) => 10 ** (lo + i));
        return { ticks, toX: (v) => x0 + ((Math.log10(v) - lo) / (hi - lo)) * width };
    }
    const max = Math.max(...values, 1);
    const step = niceStep(max);
    const top = Math.ceil(max / step) * step;
    const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
    return { ticks, toX: (v) => x0 + (v / top) * width };
}
export function renderBarChart(chart) {
    const width = 960;
    const labelW = 300;
    const valueW = 70;
    const plotX = labelW + 10;
    const plotW = width - plotX - valueW;
    const barH = 12;
    const gap = 12;
    const legendRows = Math.ceil(chart.series.length / 4);
    const top = 40 + legendRows * 18 + 8;
    // Rows of each category: the series that have a value (or an n/a) there.
    const rows = chart.categories.map((_, ci) => chart.series.map((_, si) => si).filter((si) => chart.series[si].values[ci] !== undefined));
    const groupTop = [];
    let plotH = 0;
    for (const r of rows) {
        groupTop.push(top + plotH);
        plotH += Math.max(1, r.length) * barH + gap;
    }
    const height = top + plotH + 40;
    const usable = (v) => v !== null && v !== undefined && Number.isFinite(v) && (chart.scale === 'linear' || v > 0);
    const all = chart.series.flatMap((s) => s.values).filter(usable);
    const axis = makeAxis(chart.scale, all, plotX, plotW);
    const out = [];
    out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`, `<title>${escapeXml(chart.title)}</title>`, `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`, `<text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${escapeXml(chart.title)}</text>`);
    chart.series.forEach((s, i) => {
        const lx = 20 + (i % 4) * 230;
        const ly = 40 + Math.floor(i / 4) * 18;
        out.push(`<rect x="${lx}" y="${ly - 9}" width="12" height="10" fill="${PALETTE[i % PALETTE.length]}"/>`, `<text x="${lx + 16}" y="${ly}">${escapeXml(s.name)}</text>`);
    });
    out.push('<g class="grid" stroke="#dddddd">');
    for (const t of axis.ticks) {
        const x = axis.toX(t).toFixed(1);
        out.push(`<line x1="${x}" y1="${top - 4}" x2="${x}" y2="${top + plotH}"/>`);
    }
    out.push('</g>', '<g class="axis" text-anchor="middle" fill="#333333">');
    for (const t of axis.ticks) {
        out.push(`<text x="${axis.toX(t).toFixed(1)}" y="${top + plotH + 14}">${formatCompact(t)}</text>`);
    }
    out.push(`<text x="${plotX + plotW / 2}" y="${top + plotH + 32}">${escapeXml(chart.unit)}${chart.scale === 'log' ? ' (log scale)' : ''}</text>`, '</g>', '<g class="categories" text-anchor="end">');
    chart.categories.forEach((c, ci) => {
        const y = groupTop[ci] + (Math.max(1, rows[ci].length) * barH) / 2 + 4;
        out.push(`<text x="${labelW}" y="${y.toFixed(1)}">${escapeXml(c)}</text>`);
    });
    out.push('</g>');
    chart.series.forEach((s, si) => {
        const color = PALETTE[si % PALETTE.length];
        out.push(`<g class="series" data-series="${escapeXml(s.name)}" fill="${color}">`);
        chart.categories.forEach((c, ci) => {
            const row = rows[ci].indexOf(si);
            if (row === -1)
                return;
            const y = groupTop[ci] + row * barH;
            const v = s.values[ci];
            if (!usable(v)) {
                out.push(`<text x="${plotX + 4}" y="${y + barH - 2}" fill="#999999">n/a</text>`);
                return;
            }
            const w = Math.max(1, axis.toX(v) - plotX);
            const tip = escapeXml(`${c} — ${s.name}: ${formatCompact(v)} ${chart.unit}`);
            out.push(`<rect x="${plotX}" y="${y}" width="${w.toFixed(1)}" height="${barH - 2}"><title>${tip}</title></rect>`, `<text x="${(plotX + w + 4).toFixed(1)}" y="${y + barH - 2}" fill="#333333">${formatCompact(v)}</text>`);
        });
        out.push('</g>');
    });
    out.push('</svg>');
    return `${out.join('\n')}\n`;
}
//# sourceMappingURL=svgChart.js.map