#!/usr/bin/env node
interface ProfileNode {
    id: number;
    callFrame: {
        functionName: string;
        url: string;
        lineNumber: number;
    };
    children?: number[];
}
interface Profile {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
    startTime: number;
    endTime: number;
}
export interface Hotspot {
    name: string;
    /** Share of all samples, 0..1. */
    share: number;
    ms: number;
}
export declare function summarizeProfile(profile: Profile, top?: number): {
    self: Hotspot[];
    inclusive: Hotspot[];
};
export {};
