import type { Logger } from '../index.js';
import { type ObserveEndpoints } from '../transports/http/index.js';
export interface MetricsListener {
    readonly url: string;
    close(): Promise<void>;
}
export declare function startMetricsListener(host: string, port: number, endpoints: ObserveEndpoints, log: Logger): Promise<MetricsListener>;
