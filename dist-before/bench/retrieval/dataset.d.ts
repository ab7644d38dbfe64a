export declare const retrievalDir: string;
