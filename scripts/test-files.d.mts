export declare const ROOT: string;
export declare const NEEDS_ISOLATION: RegExp;
export declare const DRIVER_TEST_MARKERS: RegExp;
export declare const DRIVER_SOURCE_MARKERS: RegExp;
export declare function testFiles(root?: string): string[];
export declare function driverReason(path: string, text: string, root?: string): string | undefined;
export declare function isolatedTestFiles(root?: string): string[];
export declare function driverSensitiveTestFiles(root?: string): string[];
