import { describe, expect, it } from 'vitest';
import { type BarChart, formatCompact, renderBarChart } from '../../bench/report/svgChart.js';

interface Element {
  name: string;
  attrs: Record<string, string>;
  children: Element[];
  text: string;
}

/**
 * A strict little XML parser (elements, attributes, text, the five entities): enough to prove
 * the chart is well-formed XML and to query it. Throws on any malformation.
 */
function parseXml(xml: string): Element {
  const root: Element = { name: '#root', attrs: {}, children: [], text: '' };
  const stack = [root];
  const entity = /&(amp|lt|gt|quot|apos);/g;
  const checkText = (t: string): string => {
    if (/[<>]/.test(t.replace(entity, ''))) throw new Error(`raw markup in text: ${t}`);
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(t)) throw new Error(`bare & in: ${t}`);
    return t.replace(
      entity,
      (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!,
    );
  };
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>/y;
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    const text = xml.slice(at, lt === -1 ? xml.length : lt);
    stack[stack.length - 1]!.text += checkText(text);
    if (lt === -1) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (!m) throw new Error(`malformed tag at ${lt}: ${xml.slice(lt, lt + 40)}`);
    const [whole, close, name, rawAttrs, selfClose] = m;
    at = lt + whole.length;
    if (close) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of rawAttrs!.matchAll(/([\w:-]+)="([^"]*)"/g)) {
      if (a[1]! in attrs) throw new Error(`duplicate attribute ${a[1]}`);
      attrs[a[1]!] = checkText(a[2]!);
    }
    const el: Element = { name: name!, attrs, children: [], text: '' };
    stack[stack.length - 1]!.children.push(el);
    if (!selfClose) stack.push(el);
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]!.name}>`);
  if (root.children.length !== 1) throw new Error('not exactly one root element');
  return root.children[0]!;
}

const all = (el: Element, pred: (e: Element) => boolean): Element[] => [
  ...(pred(el) ? [el] : []),
  ...el.children.flatMap((c) => all(c, pred)),
];

const chart: BarChart = {
  title: 'Throughput <&> "quoted"',
  unit: 'requests per second',
  scale: 'log',
  categories: ['payload-1k', 'peers & co'],
  series: [
    { name: 'direct', values: [80_000, 50_000] },
    { name: 'mcp-mux', values: [40_000, null] },
    { name: 'naive <sdk>', values: [9_000, 0] },
  ],
};

describe('renderBarChart', () => {
  it('produces well-formed SVG with one group per series', () => {
    const svg = parseXml(renderBarChart(chart));
    expect(svg.name).toBe('svg');
    expect(svg.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
    const groups = all(svg, (e) => e.name === 'g' && e.attrs['data-series'] !== undefined);
    expect(groups.map((g) => g.attrs['data-series'])).toEqual(['direct', 'mcp-mux', 'naive <sdk>']);
  });

  it('draws one bar per measured value and n/a for the others', () => {
    const svg = parseXml(renderBarChart(chart));
    const groups = all(svg, (e) => e.name === 'g' && e.attrs['data-series'] !== undefined);
    const bars = groups.map((g) => g.children.filter((c) => c.name === 'rect').length);
    // 0 cannot be drawn on a log axis, like null.
    expect(bars).toEqual([2, 1, 1]);
    const na = groups.map(
      (g) => g.children.filter((c) => c.name === 'text' && c.text === 'n/a').length,
    );
    expect(na).toEqual([0, 1, 1]);
    const tip = all(groups[0]!, (e) => e.name === 'title')[0]!.text;
    expect(tip).toBe('payload-1k — direct: 80k requests per second');
  });

  it('draws no row for a series that has no part in a category', () => {
    const svg = parseXml(
      renderBarChart({
        ...chart,
        series: [
          { name: 'direct', values: [1000, 2000] },
          { name: 'peer', values: [undefined, null] },
        ],
      }),
    );
    const peer = all(svg, (e) => e.name === 'g' && e.attrs['data-series'] === 'peer')[0]!;
    // One n/a (measured nothing in "peers & co"), nothing at all for "payload-1k".
    expect(peer.children.map((c) => c.text)).toEqual(['n/a']);
    const direct = all(svg, (e) => e.name === 'g' && e.attrs['data-series'] === 'direct')[0]!;
    const ys = direct.children.filter((c) => c.name === 'rect').map((r) => Number(r.attrs.y));
    // The first group holds one row, so the second starts one bar and a gap later.
    expect(ys[1]! - ys[0]!).toBe(12 + 12);
  });

  it('orders bar lengths by value on a log axis', () => {
    const svg = parseXml(renderBarChart(chart));
    const width = (series: string) =>
      Number(
        all(svg, (e) => e.name === 'g' && e.attrs['data-series'] === series)[0]!.children.find(
          (c) => c.name === 'rect',
        )!.attrs.width,
      );
    expect(width('direct')).toBeGreaterThan(width('mcp-mux'));
    expect(width('mcp-mux')).toBeGreaterThan(width('naive <sdk>'));
    const ticks = all(svg, (e) => e.name === 'g' && e.attrs.class === 'axis')[0]!.children.map(
      (c) => c.text,
    );
    expect(ticks).toContain('1k');
    expect(ticks).toContain('100k');
  });

  it('draws a linear axis from zero', () => {
    const svg = parseXml(
      renderBarChart({ ...chart, scale: 'linear', series: [{ name: 'a', values: [10, 35] }] }),
    );
    const ticks = all(svg, (e) => e.name === 'g' && e.attrs.class === 'axis')[0]!.children.map(
      (c) => c.text,
    );
    expect(ticks.slice(0, 3)).toEqual(['0', '10', '20']);
  });

  it('escapes titles and names', () => {
    const text = renderBarChart(chart);
    expect(text).toContain('Throughput &lt;&amp;&gt; &quot;quoted&quot;');
    expect(text).not.toContain('<sdk>');
  });
});

describe('formatCompact', () => {
  it('shortens large numbers', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(12_345)).toBe('12k');
    expect(formatCompact(1_234)).toBe('1.2k');
    expect(formatCompact(4_200_000)).toBe('4.2M');
    expect(formatCompact(0.25)).toBe('0.25');
  });
});
