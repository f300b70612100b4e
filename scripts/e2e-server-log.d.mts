export declare const E2E_DATA_DIR: string;
export declare const E2E_SERVER_LOG: string;
export declare function serverLogNotice(): string;
