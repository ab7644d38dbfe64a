/** The two charts of a run: throughput per subject, and p50/p99 of direct vs mcp-mux. */
import type { RunResult } from '../results.js';
import type { BarChart } from './svgChart.js';
export declare function throughputChart(run: RunResult): BarChart;
export declare function latencyChart(run: RunResult): BarChart;
