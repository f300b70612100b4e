export interface Budget {
  minutes?: Record<string, number>;
  browserRuns: Record<string, number>;
  uiSignIn: string[];
  maxTestMs: number;
  maxWaitMs: number;
}
export declare const BUDGET_FILE: string;
export declare function readBudget(): Budget;
export declare function browserRunCounts(listReport: unknown): Record<string, number>;
export declare function checkBrowserRuns(counts: Record<string, number>, budget: Budget): string[];
export declare function numericConstants(texts: string[]): Record<string, number>;
export declare function evaluate(expression: string, known: Record<string, number>): number | undefined;
export declare function checkSpecSources(
  files: { name: string; text: string }[],
  budget: Budget,
  constants?: Record<string, number>,
): string[];
export declare function browserSources(dir?: string): { name: string; text: string }[];
export declare function listBrowserTests(site: 'main' | 'beside'): unknown;
export declare function checkBudgets(budget?: Budget): { counts: Record<string, number>; problems: string[] };
export declare function checkPyramid(files: { name: string; text: string }[]): string[];
export interface DemoPerson {
  owner: string | null;
  readers: string[];
  reason: string;
}
export declare const PEOPLE_FILE: string;
export declare function readPeople(): Record<string, DemoPerson>;
export declare function checkDemoPeople(
  files: { name: string; text: string }[],
  table: Record<string, DemoPerson>,
): string[];
