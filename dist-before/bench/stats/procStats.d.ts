/** CPU time of a process, µs: in user space (utime) and in the kernel on its behalf (stime). */
export interface CpuTimes {
    user: number;
    kernel: number;
}
/**
 * utime and stime out of a `/proc/<pid>/stat` line, in µs. The command name (field 2) may
 * contain spaces and parentheses: fields are counted after its last ')'.
 */
export declare function parseCpuTimes(stat: string): CpuTimes | undefined;
/**
 * The process's own CPU times (children excluded). Resolution is one tick (10 ms): divide
 * over many requests.
 */
export declare function readCpuTimes(pid: number): CpuTimes | undefined;
/** Resident set size in bytes (VmRSS). */
export declare function readRssBytes(pid: number): number | undefined;
