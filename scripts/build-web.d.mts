export declare function webBuildIsCurrent(root?: string): boolean;
export declare function buildWebIfNeeded(): void;
