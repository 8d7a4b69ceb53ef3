import type { IndexSchema } from '../store/sqlindex.ts';

/**
 * The index's schema (docs/design.md §5): every table and view of evidence/index.sqlite, in one
 * place. The tables hold rows read from the bundles (rows.ts fills them; nothing else
 * writes them but the ref and object bookkeeping of store/sqlindex.ts); the views answer what users ask
 * of them. A file with another `meta.schemaVersion` is rebuilt, never read.
 *
 * One table holds what the bundles and refs cannot give again: `lost_refs`, the refs the index
 * recorded whose files then went missing from refs/ (archive.ts), kept across rebuilds until
 * `docket repair` restores them. Nothing else in the index is anything but a cache.
 */
export const INDEX_SCHEMA_VERSION = 8;

export const TABLES_SQL = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE objects (
  digest TEXT PRIMARY KEY, kind TEXT NOT NULL, size INTEGER NOT NULL,
  content_digest TEXT NOT NULL, content_size INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX objects_kind ON objects(kind);
CREATE TABLE edges (src TEXT NOT NULL, pointer TEXT NOT NULL, dst TEXT NOT NULL, expected_kind TEXT,
  PRIMARY KEY (src, pointer)) WITHOUT ROWID;
CREATE INDEX edges_dst ON edges(dst);
CREATE TABLE refs (name TEXT PRIMARY KEY, digest TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE lost_refs (name TEXT PRIMARY KEY, digest TEXT NOT NULL, lost_at TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE problems (digest TEXT PRIMARY KEY, kind TEXT NOT NULL, code TEXT NOT NULL, message TEXT NOT NULL,
  missing TEXT) WITHOUT ROWID;
CREATE INDEX problems_missing ON problems(missing);
CREATE TABLE provenance (bundle TEXT NOT NULL, tbl TEXT NOT NULL, rows INTEGER NOT NULL, digest TEXT NOT NULL,
  PRIMARY KEY (bundle, tbl)) WITHOUT ROWID;

CREATE TABLE banks (digest TEXT PRIMARY KEY, name TEXT NOT NULL, version TEXT NOT NULL,
  benchmark_version TEXT NOT NULL, template TEXT NOT NULL, protocol TEXT NOT NULL,
  questions INTEGER NOT NULL, tasks INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX banks_benchmark_version ON banks(benchmark_version);
CREATE TABLE bank_questions (bank TEXT NOT NULL, question TEXT NOT NULL, digest TEXT NOT NULL,
  PRIMARY KEY (bank, question)) WITHOUT ROWID;
CREATE TABLE questions (digest TEXT PRIMARY KEY, id TEXT NOT NULL, source_eval TEXT NOT NULL, key TEXT NOT NULL,
  source TEXT NOT NULL, evidence TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE bank_tasks (bank TEXT NOT NULL, task TEXT NOT NULL, digest TEXT NOT NULL,
  PRIMARY KEY (bank, task)) WITHOUT ROWID;
CREATE TABLE tasks (digest TEXT PRIMARY KEY, id TEXT NOT NULL, kind TEXT NOT NULL, source_eval TEXT NOT NULL,
  source TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE plans (digest TEXT PRIMARY KEY, bank TEXT NOT NULL, benchmark_version TEXT NOT NULL,
  model TEXT NOT NULL, base_url TEXT NOT NULL, request_format TEXT NOT NULL, permutations INTEGER NOT NULL,
  repetitions INTEGER NOT NULL, slots INTEGER NOT NULL, grader_ref TEXT NOT NULL, grader_digest TEXT NOT NULL,
  questions TEXT NOT NULL, tasks TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE runs (digest TEXT PRIMARY KEY, id TEXT NOT NULL, plan TEXT NOT NULL, bank TEXT NOT NULL,
  benchmark_version TEXT NOT NULL, model TEXT NOT NULL, status TEXT NOT NULL, stop_reason TEXT,
  planned INTEGER NOT NULL, done INTEGER NOT NULL, attempts INTEGER NOT NULL, known_cost_usd REAL,
  head TEXT NOT NULL, started_at TEXT NOT NULL, sealed_at TEXT NOT NULL, docket_version TEXT NOT NULL,
  kind TEXT NOT NULL) WITHOUT ROWID;
CREATE INDEX runs_id ON runs(id);
CREATE TABLE attempts (run TEXT NOT NULL, seq INTEGER NOT NULL, run_id TEXT NOT NULL, question TEXT NOT NULL,
  kind TEXT NOT NULL, source_eval TEXT, permutation INTEGER NOT NULL, repetition INTEGER NOT NULL, attempt INTEGER NOT NULL,
  final INTEGER NOT NULL, class TEXT NOT NULL, error_class TEXT, finish_reason TEXT,
  requested_model TEXT NOT NULL, returned_model TEXT, provider TEXT, prompt_tokens INTEGER,
  completion_tokens INTEGER, cost_usd REAL, latency_ms REAL NOT NULL, status INTEGER,
  request_hash TEXT NOT NULL, response_digest TEXT, segment TEXT NOT NULL, PRIMARY KEY (run, seq)) WITHOUT ROWID;
CREATE TABLE slots (run TEXT NOT NULL, slot INTEGER NOT NULL, question TEXT NOT NULL, kind TEXT NOT NULL,
  source_eval TEXT NOT NULL, key TEXT, permutation INTEGER NOT NULL, repetition INTEGER NOT NULL, attempts INTEGER NOT NULL,
  final_seq INTEGER, answer_seq INTEGER, cost_usd REAL NOT NULL, unknown_cost_attempts INTEGER NOT NULL,
  answer_text TEXT, finish_reason TEXT, PRIMARY KEY (run, slot)) WITHOUT ROWID;
CREATE TABLE grades (digest TEXT PRIMARY KEY, run TEXT NOT NULL, run_id TEXT NOT NULL, previous TEXT,
  grader_ref TEXT NOT NULL, grader_digest TEXT NOT NULL, grader_bundle TEXT, graded_at TEXT NOT NULL,
  attempts INTEGER NOT NULL, slots INTEGER NOT NULL, correct INTEGER NOT NULL, incorrect INTEGER NOT NULL,
  invalid INTEGER NOT NULL, truncated INTEGER NOT NULL, provider_failure INTEGER NOT NULL,
  interrupted INTEGER NOT NULL, partial INTEGER, warnings INTEGER NOT NULL, current INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX grades_run ON grades(run);
CREATE INDEX grades_run_id ON grades(run_id);
CREATE TABLE verdicts (grade TEXT NOT NULL, seq INTEGER NOT NULL, verdict TEXT NOT NULL, chosen TEXT, shown TEXT,
  input_hash TEXT NOT NULL, score REAL, segment TEXT, PRIMARY KEY (grade, seq)) WITHOUT ROWID;
CREATE TABLE judge_parts (grade TEXT NOT NULL, seq INTEGER NOT NULL, judge TEXT NOT NULL, judge_run TEXT NOT NULL, judge_seq INTEGER NOT NULL,
  verdict TEXT NOT NULL, score REAL, PRIMARY KEY (grade, seq, judge)) WITHOUT ROWID;
CREATE TABLE run_packs (run TEXT PRIMARY KEY, lines INTEGER NOT NULL, final_seq TEXT NOT NULL, attempts TEXT NOT NULL, cost_usd TEXT NOT NULL,
  unknown_cost_attempts TEXT NOT NULL, models TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE grade_packs (grade TEXT PRIMARY KEY, verdicts TEXT NOT NULL, chosen TEXT NOT NULL, scores TEXT) WITHOUT ROWID;

CREATE TABLE foreign_runs (digest TEXT PRIMARY KEY, framework TEXT NOT NULL, task TEXT, model TEXT,
  samples INTEGER NOT NULL, content_digest TEXT NOT NULL, importer TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE foreign_samples (run TEXT NOT NULL, seq INTEGER NOT NULL, sample TEXT NOT NULL, framework TEXT NOT NULL,
  task TEXT, model TEXT, sample_id TEXT NOT NULL, epoch INTEGER, target TEXT, answer TEXT, score REAL,
  input_tokens INTEGER, output_tokens INTEGER, finish_reason TEXT, truncated INTEGER, PRIMARY KEY (run, seq)) WITHOUT ROWID;
CREATE TABLE foreign_scores (run TEXT NOT NULL, seq INTEGER NOT NULL, framework TEXT NOT NULL, task TEXT, model TEXT,
  metric TEXT NOT NULL, value REAL, stderr REAL, samples INTEGER, PRIMARY KEY (run, seq)) WITHOUT ROWID;
`;

/**
 * The views. "Current" follows the refs: a run is current when refs/runs/<id> names it; its current
 * grade is the newest record on the chain from refs/grades/<id> (following previous) that grades
 * that very run bundle and is not marked `current: false`, as replay/scoring/scoring-input.ts reads
 * it from the bundles (grade-records.ts currentOf).
 */
export const VIEWS_SQL = `
CREATE VIEW current_runs AS
  SELECT r.* FROM runs r JOIN refs f ON f.name = 'runs/' || r.id AND f.digest = r.digest;
CREATE VIEW current_grades AS
  WITH RECURSIVE chain(run_id, grade, depth) AS (
    SELECT substr(name, 8), digest, 0 FROM refs WHERE name LIKE 'grades/%'
    UNION SELECT c.run_id, g.previous, c.depth + 1 FROM chain c JOIN grades g ON g.digest = c.grade
      WHERE g.previous IS NOT NULL AND c.depth < 10000),
  ranked AS (
    SELECT r.digest AS run, r.id AS run_id, g.digest AS grade, g.grader_ref, g.grader_digest, g.graded_at,
      ROW_NUMBER() OVER (PARTITION BY r.digest ORDER BY c.depth) AS n
    FROM current_runs r JOIN chain c ON c.run_id = r.id JOIN grades g ON g.digest = c.grade AND g.run = r.digest AND g.current = 1)
  SELECT run, run_id, grade, grader_ref, grader_digest, graded_at FROM ranked WHERE n = 1;
CREATE VIEW slot_outcomes AS
  SELECT c.run, c.run_id, r.model, r.benchmark_version, c.grade, s.slot, s.question, s.kind, s.source_eval, s.permutation,
    s.repetition, CASE WHEN s.final_seq IS NULL THEN 'interrupted' ELSE v.verdict END AS verdict, v.chosen, s.key,
    v.score, s.attempts, s.cost_usd, s.unknown_cost_attempts, s.answer_text, s.finish_reason
  FROM current_grades c JOIN runs r ON r.digest = c.run JOIN slots s ON s.run = c.run
  LEFT JOIN verdicts v ON v.grade = c.grade AND v.seq = s.final_seq;
CREATE VIEW coverage AS
  SELECT o.run, o.run_id, o.model, o.benchmark_version, o.grade, (b.questions * p.permutations + b.tasks) * p.repetitions AS planned,
    SUM(o.verdict IN ('correct', 'incorrect', 'invalid', 'provider_failure', 'partial')) AS scored,
    SUM(o.verdict = 'correct') AS correct, SUM(o.verdict = 'incorrect') AS incorrect,
    SUM(o.verdict = 'invalid') AS invalid, SUM(o.verdict = 'provider_failure') AS provider_failure,
    SUM(o.verdict = 'partial') AS partial, SUM(o.verdict = 'truncated') AS truncated,
    MAX(0, (b.questions * p.permutations + b.tasks) * p.repetitions - COUNT(*)) + SUM(o.verdict = 'interrupted') AS interrupted,
    CASE WHEN (b.questions * p.permutations + b.tasks) * p.repetitions > 0
      THEN 1.0 * SUM(o.verdict IN ('correct', 'incorrect', 'invalid', 'provider_failure', 'partial')) / ((b.questions * p.permutations + b.tasks) * p.repetitions)
      ELSE 0 END AS fraction
  FROM slot_outcomes o JOIN runs r ON r.digest = o.run JOIN plans p ON p.digest = r.plan JOIN banks b ON b.digest = p.bank
  GROUP BY o.run;
CREATE VIEW costs AS
  SELECT r.digest AS run, r.id AS run_id, r.model, SUM(s.cost_usd) AS known_cost_usd,
    SUM(s.unknown_cost_attempts) AS unknown_cost_attempts, SUM(s.attempts) AS attempts
  FROM current_runs r JOIN slots s ON s.run = r.digest GROUP BY r.digest;
CREATE VIEW truncations AS
  SELECT a.run, a.run_id, a.requested_model, a.returned_model, a.question, a.kind, a.source_eval, a.permutation,
    a.repetition, a.attempt, a.seq, a.final, a.class, a.finish_reason, a.completion_tokens
  FROM attempts a WHERE a.class = 'truncated' OR a.finish_reason = 'length';
CREATE VIEW imports AS
  SELECT f.name AS ref, r.* FROM refs f JOIN foreign_runs r ON r.digest = f.digest WHERE f.name LIKE 'imports/%';
CREATE VIEW benchmark_versions AS
  SELECT b.benchmark_version, b.digest AS bank, b.name, b.version, b.questions, b.tasks,
    (SELECT COUNT(*) FROM current_runs r WHERE r.bank = b.digest) AS runs
  FROM banks b;
`;

export const SCHEMA_SQL = TABLES_SQL + VIEWS_SQL;

/** What the SQLite handle (store/sqlindex.ts) creates and checks an index file against. */
export const INDEX_SCHEMA: IndexSchema = {
  version: INDEX_SCHEMA_VERSION,
  sql: SCHEMA_SQL,
  growing: new Set(['attempts', 'slots', 'verdicts', 'judge_parts', 'run_packs', 'grade_packs', 'foreign_samples']),
  remembered: new Set(['lost_refs']),
};
