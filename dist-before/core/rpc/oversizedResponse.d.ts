export declare function oversizedResponseId(head: string | undefined, tail: string | undefined): number | undefined;
