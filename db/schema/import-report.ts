/** The shape of an import report (docs/import.md), stored in import_runs and printed by `npm run import`. */

export type ImportIssueRow = { field: string; message: string };

export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'withdrawn' | 'rejected';

export type ImportRecordReport = {
  ref: string;
  outcome: ImportOutcome;
  url?: string;
  errors: ImportIssueRow[];
  warnings: ImportIssueRow[];
};

export type ImportCounts = {
  created: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  rejected: number;
  warnings: number;
};
